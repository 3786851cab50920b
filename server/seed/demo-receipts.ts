/**
 * Demo bank receipts (银行回单) for a fresh database: the bank's receipts of recent demo 回款 — matched by the same
 * matcher uploads use (server/domains/money/receipts/matcher.ts) — one whose amount differs from its 回款 (差异),
 * and receipts nothing in the books explains yet (未匹配: the platform's own transfers). Each carries the bank's PDF,
 * stored as an upload is (biz `bankreceipt`, a relative path under the `bank` file domain). Deterministic apart from ids.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import { DirectoryStore } from '../files/store.ts';
import { matchReceipt, UNMATCHED } from '../domains/money/receipts/matcher.ts';
import { random } from './demo-freight-steps.ts';
import { storeDemoPdf } from './demo-invoices.ts';
import { DEMO_TENANT_ID } from './seed.ts';

const BANKS = ['ICBK', 'PCBC', 'CMBC', 'COMM', 'ABOC'];
const PLATFORM = { name: '示例网络货运科技有限公司', account: '3100 2301 0920 0012 345', bank: '中国工商银行上海浦东支行' };
/** How many recent 回款 get their receipt. */
const MATCHED_COUNT = 12;

interface Receipt {
  serial: string;
  amount: string;
  txnTime: string;
  direction: 'in' | 'out';
  payerName: string;
  payerAccount: string;
  payerBank: string;
  payeeName: string;
  payeeAccount: string;
  payeeBank: string;
  summary: string;
  purpose: string;
}

export async function seedDemoReceipts(db: Kysely<SystemTables>, uploadDir: string): Promise<void> {
  const store = new DirectoryStore(uploadDir);
  const rnd = random(20261127);
  await db.transaction().execute(async (tx) => {
    // The demo shipper's latest 回款 first, so its account sees receipts of its own.
    const payments = await sql<{ serial: string; amount: string; payTime: string; customer: string | null }>`
      select p.sequence_code as serial, p.amount::text as amount, to_char(p.pay_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "payTime",
        c.customer_name as customer
      from hy_bill_payment p left join hy_customer c on c.id = p.customer_id
      where p.tenant_id = ${DEMO_TENANT_ID} and p.sequence_code is not null
      order by (p.customer_id in (select customer_id from sys_user where username = 'shipper')) desc, p.pay_time desc, p.id
      limit ${MATCHED_COUNT + 1}`.execute(tx);
    const account = () => `6222 ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)} ${rnd.int(1000, 9999)}`;
    const receipts: Receipt[] = payments.rows.map((p, index) => ({
      serial: p.serial,
      // The last one: the bank booked 50 yuan less than the 回款 says (a fee deducted): 差异.
      amount: p.amount,
      txnTime: p.payTime,
      direction: 'in',
      payerName: p.customer ?? '货主',
      payerAccount: account(),
      payerBank: rnd.pick(['中国建设银行', '招商银行', '交通银行', '中国农业银行']),
      ...payee(),
      summary: '货款',
      purpose: '运费结算',
    }));
    const different = receipts[MATCHED_COUNT];
    if (different) different.amount = (await sql<{ a: string }>`select (${different.amount}::numeric - 50)::text as a`.execute(tx)).rows[0].a;
    for (let i = 1; i <= 3; i++) {
      receipts.push({
        serial: `PLT2026112${i}${String(rnd.int(100000, 999999))}`, amount: `${rnd.int(800, 9000)}.${String(rnd.int(0, 99)).padStart(2, '0')}`,
        txnTime: `2026-11-2${i} 1${i}:2${i}:00`, direction: 'out', payerName: PLATFORM.name, payerAccount: PLATFORM.account, payerBank: PLATFORM.bank,
        payeeName: rnd.pick(['张建国', '李卫东', '王海军']), payeeAccount: account(), payeeBank: '中国邮政储蓄银行', summary: '代付运费', purpose: '司机运费',
      });
    }
    for (const [index, r] of receipts.entries()) {
      const match = await matchReceipt(tx, { tenantId: DEMO_TENANT_ID, serial: r.serial, amount: r.amount, direction: r.direction });
      const receiptNo = `HD${r.txnTime.slice(0, 10).replaceAll('-', '')}${String(index + 1).padStart(4, '0')}`;
      const bank = BANKS[index % BANKS.length];
      // The PDF text is ASCII (the tiny PDF's font); the name a person sees is the receipt's own.
      const file = await storeDemoPdf(tx, store, {
        biz: 'bankreceipt', name: `回单${receiptNo}.pdf`,
        lines: ['Bank receipt', `No. ${receiptNo}  Bank ${bank}`, `Serial ${r.serial}`, `${r.direction === 'in' ? 'Credit' : 'Debit'} CNY ${r.amount}`,
          `Time ${r.txnTime}`],
      });
      await sql`insert into hy_bank_receipt (id, tenant_id, create_by, create_time, sys_org_code, receipt_no, bank_code, bank_serial_no, direction,
          amount, currency, txn_time, payer_name, payer_account, payer_bank, payee_name, payee_account, payee_bank, summary, purpose, file_url, source,
          match_status, biz_type, biz_id, matched_amount, match_remark, match_time, customer_id)
        values (${newId()}, ${DEMO_TENANT_ID}, 'ops', now(), 'A01A01', ${receiptNo},
          ${bank}, ${r.serial}, ${r.direction}, ${r.amount}::numeric, 'CNY', ${`${r.txnTime}+08:00`}::timestamptz,
          ${r.payerName}, ${r.payerAccount}, ${r.payerBank}, ${r.payeeName}, ${r.payeeAccount}, ${r.payeeBank}, ${r.summary}, ${r.purpose}, ${file},
          ${index % 3 === 0 ? '2' : '1'}, ${match.matchStatus}, ${match.bizType}, ${match.bizId}, ${match.matchedAmount}::numeric, ${match.matchRemark},
          ${match.matchStatus === UNMATCHED ? null : sql`now()`}, ${match.customerId})`.execute(tx);
    }
  });
}

function payee(): Pick<Receipt, 'payeeName' | 'payeeAccount' | 'payeeBank'> {
  return { payeeName: PLATFORM.name, payeeAccount: PLATFORM.account, payeeBank: PLATFORM.bank };
}

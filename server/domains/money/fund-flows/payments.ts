/**
 * Paying a signed waybill's driver (支付运费): the 资金流水 add (hyFundFlow, opened from the waybill list's 支付运费
 * row button with the waybill's id). Inside the add's transaction, in this order of locks — waybill, then wallet:
 * the waybill (in the caller's scope) must be signed (4 已签收 / 5 待支付) and unpaid (pay_status 0 or 3), its driver
 * fee positive; the payee is the waybill's driver or the authorised payee recorded on that driver, nothing else; the
 * chosen wallet (the shipper's, or the platform's) is debited through postLedger (refused when it cannot afford it);
 * the row gets the WLHY_ZJ1001 fields from the waybill (carrier and vehicle equal the waybill's); afterwards the
 * waybill moves to 6 已支付 / pay_status 2 with a PAY history row.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../../../db/schema.ts';
import type { EntityHooks, WriteEvent } from '../../../entity/hooks.ts';
import { BusinessError, ValidationError } from '../../../core/errors.ts';
import { scopeConditions } from '../../../entity/data-scope.ts';
import { newId } from '../../../core/ids.ts';
import { customerWallet, platformWallet, postLedger, TXN } from '../wallets/ledger.ts';

export const PAY_SOURCE = { customer: '1', platform: '2' } as const;
export const PAYEE_CHOICE = { driver: '1', authorised: '2' } as const;
/** payment_means codes that are not cash-like: every code of the dictionary (it has no cash item). */
const PAYMENT_MEANS = ['1', '2', '3', '31', '32', '4', '41', '42', '9'];
const SIGNED = ['4', '5'];
const UNPAID = ['0', '3'];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const and = (conditions: Parameters<typeof sql.join>[0]) => sql.join(conditions, sql` and `);

interface Note {
  id: string; number: string; serial: string | null; customerId: string | null; shippingStatus: string; payStatus: string;
  fee: string | null; positive: boolean; driverId: string | null; driverName: string | null; vehicleNumber: string | null; plateColor: string | null;
}
interface Driver { name: string; idCard: string; bankName: string | null; bankCardNo: string | null; payeeName: string | null; payeeIdCard: string | null; payeeBankCardNo: string | null; payeeBankName: string | null }

async function lockedNote(event: WriteEvent, noteId: string): Promise<Note> {
  const { ctx, tx, caller } = event;
  const noteEntity = ctx.entities.find((e) => e.schema.name === 'hyShippingNote');
  if (!noteEntity) throw new Error('no entity schema named hyShippingNote');
  const scope = await scopeConditions(ctx.db, noteEntity, caller);
  const found = await sql<Note>`select id, shipping_note_number as number, null as serial, customer_id as "customerId",
      shipping_status as "shippingStatus", pay_status as "payStatus", driver_fee::text as fee, coalesce(driver_fee, 0) > 0 as positive,
      driver_id as "driverId", driver_name as "driverName", vehicle_number as "vehicleNumber", vehicle_plate_color_code as "plateColor"
    from hy_shipping_note where ${and([sql`tenant_id = ${caller.tenantId}`, sql`id = ${noteId}`, ...scope])} for update`.execute(tx);
  const note = found.rows[0];
  if (!note) throw new BusinessError('未找到该运单，或无权为其支付');
  if (UNPAID.includes(note.payStatus) === false) throw new BusinessError(`运单 ${note.number} 已支付，不能重复支付`);
  if (!SIGNED.includes(note.shippingStatus)) throw new BusinessError(`运单 ${note.number} 尚未签收，不能支付运费`);
  if (!note.positive || !note.fee) throw new BusinessError(`运单 ${note.number} 没有司机运费，不能支付`);
  if (!note.driverId || !note.vehicleNumber || !note.plateColor) throw new BusinessError(`运单 ${note.number} 缺少司机或车辆信息，不能支付`);
  return note;
}

async function driverOf(tx: Kysely<SystemTables>, tenantId: number, driverId: string): Promise<Driver> {
  const found = await sql<Driver>`select driver_name as name, id_card as "idCard", bank_name as "bankName", bank_card_no as "bankCardNo",
      payee_name as "payeeName", payee_id_card as "payeeIdCard", payee_bank_card_no as "payeeBankCardNo", payee_bank_name as "payeeBankName"
    from hy_driver where tenant_id = ${tenantId} and id = ${driverId}`.execute(tx);
  if (!found.rows[0]) throw new BusinessError('运单的司机不存在');
  return found.rows[0];
}

/** The payee: the driver, or the driver's recorded authorised payee; anything else is refused. */
function payeeOf(choice: string, driver: Driver): { recipient: string; account: string; bank: string | null } {
  if (choice === PAYEE_CHOICE.driver) {
    if (!driver.bankCardNo) throw new BusinessError(`司机 ${driver.name} 未登记收款卡号，不能支付`);
    return { recipient: driver.name, account: driver.bankCardNo, bank: driver.bankName };
  }
  if (choice === PAYEE_CHOICE.authorised) {
    if (!driver.payeeName || !driver.payeeBankCardNo) throw new BusinessError(`司机 ${driver.name} 没有登记授权收款人，只能付给司机本人`);
    return { recipient: driver.payeeName, account: driver.payeeBankCardNo, bank: driver.payeeBankName };
  }
  throw new ValidationError([{ field: 'payeeChoice', message: '收款人只能是司机本人或司机的授权收款人' }]);
}

export const fundFlowHooks: EntityHooks = {
  async beforeWrite(event) {
    const { tx, caller, record, id } = event;
    if (event.existing) throw new BusinessError('资金流水不能修改');
    const noteId = text(record.shippingNoteId);
    if (!noteId) throw new ValidationError([{ field: 'shippingNoteId', message: '请从运单列表选择要支付的运单' }]);
    const means = text(record.paymentMeansCode);
    if (!PAYMENT_MEANS.includes(means)) throw new ValidationError([{ field: 'paymentMeansCode', message: '付款方式不能是现金，请选择银行转账等电子支付方式' }]);
    const source = text(record.paySource);
    if (source !== PAY_SOURCE.customer && source !== PAY_SOURCE.platform) throw new ValidationError([{ field: 'paySource', message: '付款账户只能是货主钱包或平台账户' }]);
    const note = await lockedNote(event, noteId);
    const driver = await driverOf(tx, caller.tenantId, String(note.driverId));
    const payee = payeeOf(text(record.payeeChoice), driver);
    if (source === PAY_SOURCE.customer && !note.customerId) throw new BusinessError('运单没有货主，请从平台账户支付');
    const walletId = source === PAY_SOURCE.customer
      ? await customerWallet(tx, caller.tenantId, String(note.customerId), caller.username)
      : await platformWallet(tx, caller.tenantId, caller.username);
    const fee = String(note.fee);
    await postLedger(tx, { tenantId: caller.tenantId, walletId, amount: `-${fee}`, txnType: TXN.payFreight, bizType: 'fund_flow', bizId: id,
      remark: `支付运单 ${note.number} 司机运费`, by: caller.username });
    const sub = await sql<{ no: string; doc: string; now: string }>`select sub_account_no as no, 'ZJ' || to_char(now(), 'YYMMDD') || ${id.slice(-10)} as doc,
        to_char(now(), 'YYYY-MM-DD HH24:MI:SS') as now from hy_wallet where id = ${walletId}`.execute(tx);
    Object.assign(record, {
      documentNumber: sub.rows[0].doc, flowType: '01', customerId: note.customerId, walletId, payerAccountId: sub.rows[0].no,
      // An individual driver is the actual carrier (§1.7): the fund flow's carrier and vehicle equal the waybill's.
      carrier: note.driverName ?? driver.name, actualCarrierId: driver.idCard, vehicleNumber: note.vehicleNumber, vehiclePlateColorCode: note.plateColor,
      // JSON text: read-only values a hook sets are written as they are (the jsonb column parses it).
      shippingNoteList: JSON.stringify([{ shippingNoteNumber: note.number, serialNumber: '0000', totalMonetaryAmount: fee }]),
      payeeType: '1', payeeId: note.driverId, recipient: payee.recipient, receiptAccount: payee.account, bankCode: payee.bank,
      monetaryAmount: fee, dateTime: sub.rows[0].now, payStatus: '2',
    });
  },
  async afterWrite({ tx, caller, record }) {
    const noteId = text(record.shippingNoteId);
    const before = await sql<{ status: string }>`select shipping_status as status from hy_shipping_note where tenant_id = ${caller.tenantId} and id = ${noteId}`.execute(tx);
    await sql`update hy_shipping_note set shipping_status = '6', pay_status = '2', update_by = ${caller.username}, update_time = now()
      where tenant_id = ${caller.tenantId} and id = ${noteId}`.execute(tx);
    await sql`insert into hy_shipping_note_log (id, tenant_id, create_by, create_time, shipping_note_id, from_status, to_status, event, operator_name, event_time, remark)
      values (${newId()}, ${caller.tenantId}, ${caller.username}, now(), ${noteId}, ${before.rows[0]?.status ?? null}, '6', 'PAY', ${caller.realname ?? caller.username},
        now(), ${`资金流水 ${text(record.documentNumber)}`})`.execute(tx);
  },
  texts: { add: '支付成功，已生成资金流水' },
};

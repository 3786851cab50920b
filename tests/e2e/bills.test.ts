/**
 * Issue 8's settlement in the browser, on the demo bills: operations staff find a part-paid bill, see its payments,
 * are refused a payment larger than what is open, post the rest and see the bill 已结清; a shipper sees only its own
 * customer's bills and their payments, without 新增.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Locator } from 'playwright-core';
import { desktopSession, logIn, rowOperation } from './harness.ts';

const BILLS = '/bill/list';

interface OpenBill {
  billNo: string;
  open: string;
  payments: number;
}


describe('bills and payments in the browser', () => {
  const s = desktopSession();
  const rowOf = (text: string) => s.page.locator('tbody tr.ant-table-row', { hasText: text });

  /** The part-paid bill with the most left open, straight from the table. */
  async function partPaidBill(): Promise<OpenBill> {
    const found = await sql<OpenBill>`select b.bill_no as "billNo", (b.payable_amount - b.paid_amount)::text as open,
        (select count(*)::int from hy_bill_payment p where p.bill_id = b.id) as payments
      from hy_bill b where b.bill_status = '3' order by b.payable_amount - b.paid_amount desc limit 1`.execute(s.env.ctx.db);
    expect(found.rows).toHaveLength(1);
    return found.rows[0];
  }

  it('posts the rest of a part-paid bill after refusing too much, and the bill reads 已结清', async () => {
    const bill = await partPaidBill();
    await logIn(s.page, s.env, BILLS, 'ops');
    const query = s.page.getByRole('search');
    await query.getByLabel('账单号').fill(bill.billNo);
    await query.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.getByText('共 1 条').waitFor();
    const row = rowOf(bill.billNo);
    await row.getByRole('cell', { name: '部分回款', exact: true }).waitFor();

    await rowOperation(row, '回款');
    const drawer = s.page.getByRole('dialog', { name: '回款', exact: true });
    await drawer.getByText(`共 ${bill.payments} 条`).waitFor();
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = s.page.getByRole('dialog').filter({ hasText: '回款金额' });
    const tooMuch = (Number(bill.open) + 1).toFixed(2);
    await dialog.getByLabel('回款金额').fill(tooMuch);
    // 回款时间 starts at now (`default: "$now"`), in this browser's clock.
    const today = await s.page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
    expect(await dialog.getByLabel('回款时间').inputValue()).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}:\\d{2}$`));
    await dialog.getByLabel('银行流水号').fill('E2E202611260001');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText(`回款金额不能超过未结金额 ${bill.open} 元`).first().waitFor();

    await dialog.getByLabel('回款金额').fill(bill.open);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('回款成功!').waitFor();
    await drawer.getByText(`共 ${bill.payments + 1} 条`).waitFor();
    await drawer.getByRole('cell', { name: 'E2E202611260001', exact: true }).waitFor();
    await s.page.keyboard.press('Escape');
    await row.getByRole('cell', { name: '已结清', exact: true }).waitFor();

    const stored = await sql<{ status: string; open: string }>`select bill_status as status, (payable_amount - paid_amount)::text as open
      from hy_bill where bill_no = ${bill.billNo}`.execute(s.env.ctx.db);
    expect(stored.rows).toEqual([{ status: '4', open: '0.00' }]);
    expect(s.pageErrors).toEqual([]);
  });

  it('shows a shipper only its own customer’s bills, and their payments without 新增', async () => {
    const own = await sql<{ billNo: string; payments: number; total: number }>`select b.bill_no as "billNo",
        (select count(*)::int from hy_bill_payment p where p.bill_id = b.id) as payments,
        count(*) over ()::int as total
      from hy_bill b join sys_user u on u.customer_id = b.customer_id where u.username = 'shipper'
      order by payments desc, b.bill_no limit 1`.execute(s.env.ctx.db);
    expect(own.rows).toHaveLength(1);
    const [{ billNo, payments, total }] = own.rows;
    await s.page.getByText('退出登录', { exact: true }).first().click();
    await s.page.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.waitForURL((url) => url.pathname === '/user/login');
    await logIn(s.page, s.env, BILLS, 'shipper');
    await s.page.getByText(`共 ${total} 条`).waitFor();
    await rowOperation(rowOf(billNo), '回款');
    const drawer = s.page.getByRole('dialog', { name: '回款', exact: true });
    await drawer.getByText(`共 ${payments} 条`).waitFor();
    expect(await drawer.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
    expect(s.pageErrors).toEqual([]);
  });
});

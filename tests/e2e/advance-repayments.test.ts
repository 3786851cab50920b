/**
 * Issue 22, item 1 in the browser: operations staff open 垫付还款, see the shipper by name, record a repayment with
 * its voucher through the row's 还款 (refused first for less than the advance) and see the advance 已还款; the
 * demo shipper, settling 月结, has no 垫付还款 in its menu.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TINY_PNG } from '../server/helpers/multipart.ts';
import { desktopSession, logIn } from './harness.ts';

const ADVANCES = '/plateform/cost/paylist';

describe('垫付还款 in the browser', () => {
  const s = desktopSession();
  let dir: string;
  let note: { id: string; no: string; customer: string };

  beforeAll(async () => {
    dir = fs.mkdtempSync('/tmp/freight-advance-');
    fs.writeFileSync(path.join(dir, '还款凭证.png'), TINY_PNG);
    const picked = await sql<{ id: string; no: string; customer: string }>`select n.id, n.shipping_note_number as no, c.customer_name as customer
      from hy_shipping_note n join hy_customer c on c.id = n.customer_id order by n.shipping_note_number limit 1`.execute(s.env.ctx.db);
    note = picked.rows[0];
    // An advance the platform has paid the driver for, not billed yet.
    await sql`update hy_shipping_note set settlement_type = '4', pay_status = '2', bill_id = null, bill_flag = '0', driver_fee = 1234.50
      where id = ${note.id}`.execute(s.env.ctx.db);
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records a repayment with its voucher, and the advance reads 已还款', async () => {
    await logIn(s.page, s.env, ADVANCES, 'ops');
    await s.page.getByRole('menuitem', { name: /垫付还款/ }).first().waitFor();
    const query = s.page.getByRole('search');
    await query.getByLabel('运单号').fill(note.no);
    await query.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.getByText('共 1 条').waitFor();
    const row = s.page.locator('tbody tr.ant-table-row', { hasText: note.no });
    await row.getByRole('cell', { name: note.customer, exact: true }).waitFor();
    await row.getByRole('cell', { name: '未还款', exact: true }).waitFor();

    await row.getByRole('button', { name: '还款', exact: true }).click();
    const dialog = s.page.getByRole('dialog').filter({ hasText: '还款凭证' });
    expect(Number(await dialog.getByLabel('还款金额').inputValue())).toBe(1234.5);
    await dialog.getByLabel('还款金额').fill('1000');
    await dialog.locator('input[type=file]').setInputFiles(path.join(dir, '还款凭证.png'));
    await expect.poll(() => dialog.locator('.ant-upload-list-item-done').count()).toBe(1);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('还款金额不能少于垫付金额 1234.50 元').first().waitFor();

    await dialog.getByLabel('还款金额').fill('1234.50');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('还款成功!').waitFor();
    await row.getByRole('cell', { name: '已还款', exact: true }).waitFor();
    expect(await row.getByRole('button', { name: '还款', exact: true }).count()).toBe(0);

    const stored = await sql<{ amount: string; keys: number }>`select r.amount::text as amount,
        (select count(*)::int from sys_idempotency_key) as keys
      from hy_advance_repayment r where r.shipping_note_id = ${note.id}`.execute(s.env.ctx.db);
    // The refused submission left no key behind; the saved one left one.
    expect(stored.rows).toEqual([{ amount: '1234.50', keys: 1 }]);
    expect(s.pageErrors).toEqual([]);
  });

  it('leaves 垫付还款 out of the menu of a shipper settling 月结', async () => {
    await s.page.getByText('退出登录', { exact: true }).first().click();
    await s.page.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.waitForURL((url) => url.pathname === '/user/login');
    await logIn(s.page, s.env, '/shipping/list', 'shipper');
    // 账单管理 sits in the same open folder (网络货运) that 垫付还款 would.
    await s.page.getByRole('menuitem', { name: /账单管理/ }).first().waitFor();
    expect(await s.page.getByRole('menuitem', { name: /垫付还款/ }).count()).toBe(0);
    expect(s.pageErrors).toEqual([]);
  });
});

/**
 * Issue 25 (wallets) in the browser: the shipper records a top-up with its transfer voucher (钱包充值 → 新增) and sees
 * it 待到账; ops confirms it and sees the balance and the ledger row; the shipper then sees the balance on its wallet.
 * Ops pays a signed waybill's driver from the shipper's wallet and sees the fund flow; the shipper sees only its own
 * wallet. Money reads with two decimals and thousands separators.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { TINY_PNG } from '../server/helpers/multipart.ts';
import { chooseOption, desktopSession, logIn, rowOperation } from './harness.ts';

async function logOut(page: Page): Promise<void> {
  await page.getByText('退出登录', { exact: true }).first().click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL((url) => url.pathname === '/user/login');
}

describe('资金管理 in the browser', () => {
  const s = desktopSession();
  const serial = `E2E${Date.now()}`;
  let customer: { id: string; name: string };
  let walletId: string;
  let note: { id: string; no: string; plate: string };
  let dir: string;

  beforeAll(async () => {
    const db = s.env.ctx.db;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freight-voucher-'));
    fs.writeFileSync(path.join(dir, '转账凭证.png'), TINY_PNG);
    customer = (await sql<{ id: string; name: string }>`select c.id, c.customer_name as name from sys_user u join hy_customer c on c.id = u.customer_id
      where u.username = 'shipper'`.execute(db)).rows[0];
    walletId = (await sql<{ id: string }>`select id from hy_wallet where customer_id = ${customer.id}`.execute(db)).rows[0].id;
    // Start from a known balance through the ledger itself (an adjusting credit would do too): empty the history.
    await sql`delete from hy_wallet_txn where wallet_id = ${walletId}`.execute(db);
    await sql`update hy_wallet set balance = 0 where id = ${walletId}`.execute(db);
    note = (await sql<{ id: string; no: string; plate: string }>`select n.id, n.shipping_note_number as no, n.vehicle_number as plate from hy_shipping_note n
      where n.customer_id = ${customer.id} and n.vehicle_number is not null and n.vehicle_plate_color_code is not null and n.driver_id is not null
        and not exists (select 1 from hy_fund_flow f where f.shipping_note_id = n.id)
      order by n.shipping_note_number limit 1`.execute(db)).rows[0];
    await sql`update hy_shipping_note set shipping_status = '4', pay_status = '0', driver_fee = 2300.50 where id = ${note.id}`.execute(db);
    await sql`update hy_driver set bank_card_no = '6222021234567890123' where id = (select driver_id from hy_shipping_note where id = ${note.id})`.execute(db);
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the shipper records a top-up with its voucher, ops confirms it, and both see the balance', async () => {
    await logIn(s.page, s.env, '/funds/walletRecharge', 'shipper');
    await s.page.getByRole('button', { name: /新\s*增/ }).first().click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByText('新增钱包充值').waitFor();
    // The form asks the 货主 too; a shipper is offered its own company only.
    await chooseOption(s.page, dialog.getByLabel('货主', { exact: true }), customer.name);
    await dialog.getByLabel('充值金额').fill('12345.67');
    await dialog.getByLabel('付款户名').fill(customer.name);
    await dialog.getByLabel('付款账号').fill('6222000011112222');
    await dialog.getByLabel('付款银行').fill('招商银行');
    await dialog.getByLabel('银行流水号').fill(serial);
    const voucher = dialog.getByRole('group', { name: '转账凭证' });
    await voucher.locator('input[type=file]').setInputFiles(path.join(dir, '转账凭证.png'));
    await expect.poll(() => voucher.locator('.ant-upload-list-item-done').count()).toBe(1);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('充值已提交，等待财务确认到账').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const mine = s.page.locator('tbody tr.ant-table-row', { hasText: serial });
    await mine.getByRole('cell', { name: '待到账', exact: true }).waitFor();
    await mine.getByRole('cell', { name: '12,345.67', exact: true }).waitFor();
    await mine.getByRole('img', { name: '转账凭证.png' }).waitFor();
    // Confirming is finance's: the shipper has no button for it.
    expect(await mine.getByRole('button', { name: '确认到账', exact: true }).count()).toBe(0);

    await logOut(s.page);
    await logIn(s.page, s.env, '/funds/walletRecharge', 'ops');
    const query = s.page.getByRole('search');
    await query.getByLabel('银行流水号').fill(serial);
    await query.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.getByText('共 1 条').waitFor();
    const row = s.page.locator('tbody tr.ant-table-row', { hasText: serial });
    await row.getByRole('cell', { name: '待到账', exact: true }).waitFor();
    await row.getByRole('cell', { name: '12,345.67', exact: true }).waitFor();
    await row.getByRole('button', { name: '确认到账', exact: true }).click();
    await s.page.getByRole('button', { name: /确\s*定/ }).last().click();
    await s.page.getByText('已确认到账，钱包余额已增加').first().waitFor();
    await row.getByRole('cell', { name: '已到账', exact: true }).waitFor();

    await s.page.goto(`${s.env.baseUrl}/funds/wallet`);
    await s.page.getByRole('search').getByLabel('户名').fill(customer.name);
    await s.page.getByRole('search').getByRole('button', { name: /查\s*询/ }).click();
    await s.page.getByText('共 1 条').waitFor();
    const wallet = s.page.locator('tbody tr.ant-table-row', { hasText: customer.name });
    await wallet.getByRole('cell', { name: '12,345.67', exact: true }).first().waitFor();

    await s.page.goto(`${s.env.baseUrl}/funds/walletTxn`);
    const txn = s.page.locator('tbody tr.ant-table-row', { hasText: serial });
    await txn.getByRole('cell', { name: '充值', exact: true }).waitFor();
    await txn.getByRole('cell', { name: '12,345.67', exact: true }).first().waitFor();

    await logOut(s.page);
    await logIn(s.page, s.env, '/funds/wallet', 'shipper');
    await s.page.getByText('共 1 条').waitFor();
    await s.page.locator('tbody tr.ant-table-row', { hasText: customer.name }).getByRole('cell', { name: '12,345.67', exact: true }).first().waitFor();

    // The next test pays a driver, which is ops' work: the session goes back to ops as it was before this test changed.
    await logOut(s.page);
    await logIn(s.page, s.env, '/funds/wallet', 'ops');
    await s.page.getByRole('search').waitFor();
    expect(s.pageErrors).toEqual([]);
  });

  it('pays a signed waybill driver from the shipper wallet and shows the fund flow', async () => {
    await s.page.goto(`${s.env.baseUrl}/shipping/list`);
    const query = s.page.getByRole('search');
    await query.getByLabel('运单号').fill(note.no);
    await query.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.getByText('共 1 条').waitFor();
    const row = s.page.locator('tbody tr.ant-table-row', { hasText: note.no });
    await rowOperation(row, '支付运费');
    const dialog = s.page.getByRole('dialog').filter({ hasText: '银行流水号' });
    await dialog.getByLabel('银行流水号').fill(`PAY${serial}`);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('支付成功，已生成资金流水').first().waitFor();

    await s.page.goto(`${s.env.baseUrl}/funds/fundFlow`);
    const flow = s.page.locator('tbody tr.ant-table-row', { hasText: `PAY${serial}` });
    await flow.getByRole('cell', { name: note.plate, exact: true }).waitFor();
    await flow.getByRole('cell', { name: '2,300.50', exact: true }).waitFor();
    await flow.getByRole('cell', { name: '已支付', exact: true }).waitFor();
    const balance = await sql<{ b: string }>`select balance::text as b from hy_wallet where id = ${walletId}`.execute(s.env.ctx.db);
    expect(balance.rows[0].b).toBe('10045.17');
    expect(s.pageErrors).toEqual([]);
  });

  it('pays two signed waybills in one batch from the platform account, one fund flow each', async () => {
    const db = s.env.ctx.db;
    const picked = (await sql<{ id: string; no: string }>`select n.id, n.shipping_note_number as no from hy_shipping_note n
      where n.vehicle_number is not null and n.vehicle_plate_color_code is not null and n.driver_id is not null and n.id <> ${note.id}
        and not exists (select 1 from hy_fund_flow f where f.shipping_note_id = n.id)
      order by n.shipping_note_number desc limit 2`.execute(db)).rows;
    expect(picked).toHaveLength(2);
    for (const chosen of picked) {
      await sql`update hy_shipping_note set shipping_status = '5', pay_status = '0', driver_fee = 100.25 where id = ${chosen.id}`.execute(db);
      await sql`update hy_driver set bank_card_no = '6222021234567890123' where id = (select driver_id from hy_shipping_note where id = ${chosen.id})`.execute(db);
    }
    await s.page.goto(`${s.env.baseUrl}/shipping/list`);
    for (const chosen of picked) {
      const query = s.page.getByRole('search');
      await query.getByLabel('运单号').fill(chosen.no);
      await query.getByRole('button', { name: /查\s*询/ }).click();
      await s.page.getByText('共 1 条').waitFor();
      await s.page.locator('tbody tr.ant-table-row', { hasText: chosen.no }).getByRole('checkbox').check();
    }
    await s.page.getByRole('button', { name: '批量支付运费', exact: true }).click();
    const dialog = s.page.getByRole('dialog', { name: '批量支付运费' });
    await dialog.getByRole('radio', { name: '平台账户' }).check();
    await dialog.getByLabel('银行流水号').fill(`BATCH${serial}`);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('批量支付成功：2笔，合计200.50元，已生成资金流水').first().waitFor();

    await s.page.goto(`${s.env.baseUrl}/funds/fundFlow?sequenceCode=${encodeURIComponent(`BATCH${serial}`)}`);
    await s.page.getByText('共 2 条').waitFor();
    for (const suffix of ['001', '002']) {
      const flow = s.page.locator('tbody tr.ant-table-row', { hasText: `BATCH${serial}-${suffix}` });
      await flow.getByRole('cell', { name: '100.25', exact: true }).waitFor();
      await flow.getByRole('cell', { name: '平台账户', exact: true }).waitFor();
    }
    expect(s.pageErrors).toEqual([]);
  });

  it('shows the shipper its own wallet only', async () => {
    await s.page.getByText('退出登录', { exact: true }).first().click();
    await s.page.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.waitForURL((url) => url.pathname === '/user/login');
    await logIn(s.page, s.env, '/funds/wallet', 'shipper');
    await s.page.getByText('共 1 条').waitFor();
    await s.page.locator('tbody tr.ant-table-row', { hasText: customer.name }).getByRole('cell', { name: '10,045.17', exact: true }).first().waitFor();
    expect(await s.page.getByRole('menuitem', { name: /钱包配置/ }).count()).toBe(0);
    expect(s.pageErrors).toEqual([]);
  });
});

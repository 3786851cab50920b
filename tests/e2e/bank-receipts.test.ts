/**
 * 银行回单 in the browser (issue 25): operations staff upload a PDF receipt for a recorded 回款 — same bank serial
 * number, same amount — and see it 已匹配 with the 回款's shipper; the receipt's file link downloads the PDF.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { chooseOption, desktopSession, logIn } from './harness.ts';

const RECEIPTS = '/hybank/HyBankReceiptList';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('银行回单 in the browser', () => {
  const s = desktopSession();
  let dir: string;
  let payment: { serial: string; amount: string; customer: string };

  beforeAll(async () => {
    dir = fs.mkdtempSync('/tmp/freight-receipts-');
    fs.writeFileSync(path.join(dir, '回单.pdf'), PDF);
    // A demo 回款 the bank's receipt has not arrived for yet.
    const picked = await sql<{ serial: string; amount: string; customer: string }>`select p.sequence_code as serial, p.amount::text as amount,
        c.customer_name as customer
      from hy_bill_payment p join hy_customer c on c.id = p.customer_id
      where p.sequence_code is not null and p.sequence_code not in (select bank_serial_no from hy_bank_receipt)
      order by p.pay_time desc limit 1`.execute(s.env.ctx.db);
    payment = picked.rows[0];
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a PDF receipt, sees it matched to the 回款, and opens its file', async () => {
    await logIn(s.page, s.env, RECEIPTS, 'ops');
    await s.page.getByRole('menuitem', { name: /银行回单/ }).first().waitFor();
    await s.page.getByRole('button', { name: /新\s*增/ }).first().click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByText('新增银行回单').waitFor();
    await dialog.getByLabel('回单编号').fill('HD-E2E-0001');
    await chooseOption(s.page, dialog.getByLabel('银行', { exact: true }), '工商银行');
    await dialog.getByLabel('银行流水号').fill(payment.serial);
    await dialog.getByLabel('金额', { exact: true }).fill(payment.amount);
    await dialog.getByLabel('付款方户名').fill(payment.customer);
    await dialog.locator('input[type=file]').setInputFiles(path.join(dir, '回单.pdf'));
    await expect.poll(() => dialog.locator('.ant-upload-list-item-done').count()).toBe(1);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('添加成功，已匹配!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const query = s.page.getByRole('search');
    await query.getByLabel('银行流水号').fill(payment.serial);
    await query.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.getByText('共 1 条').waitFor();
    const row = s.page.locator('tbody tr.ant-table-row', { hasText: payment.serial });
    await row.getByRole('cell', { name: '已匹配', exact: true }).waitFor();
    await row.getByRole('cell', { name: '回款', exact: true }).waitFor();
    // 货主 (from the 回款) and 付款方户名 read the same name.
    await expect.poll(() => row.getByRole('cell', { name: payment.customer, exact: true }).count()).toBe(2);

    const download = s.page.waitForEvent('download');
    await row.locator('a', { hasText: '回单' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('回单.pdf');
    expect(fs.readFileSync(await file.path()).subarray(0, 4).toString()).toBe('%PDF');
    expect(s.pageErrors).toEqual([]);
  });
});

/**
 * Issue 25's invoices in the browser: the shipper applies for an invoice over one of its confirmed bills (账单管理 →
 * 申请开票) and sees it 待审核 in 发票管理 with the amounts in two decimals; ops uploads the PDF and issues it with a
 * 20-digit number and a date; the shipper then sees it 已开票 with that number and downloads its PDF from the row.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { desktopSession, logIn, rowOperation } from './harness.ts';
import { tinyPdf } from '../../server/seed/demo-invoices.ts';
import { createBill } from '../../server/domains/freight/settlement/bills.ts';

const BILLS = '/bill/list';
const INVOICES = '/taxes/invoice/list';
const NUMBER = '26329999000000000001';

describe('invoices in the browser', () => {
  const s = desktopSession();
  const rowOf = (text: string) => s.page.locator('tbody tr.ant-table-row', { hasText: text });

  async function logOut(page: Page): Promise<void> {
    await page.getByText('退出登录', { exact: true }).first().click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
  }

  it('the shipper applies over a confirmed bill, ops issues it, the shipper sees 已开票 with the number and downloads the PDF', async () => {
    // A fresh confirmed bill of the shipper over two of its waybills (the demo's own confirmed bills already have invoices).
    const db = s.env.ctx.db;
    const notes = await sql<{ id: string; customerId: string }>`select n.id, n.customer_id as "customerId" from hy_shipping_note n
      join sys_user u on u.customer_id = n.customer_id and u.username = 'shipper' order by n.shipping_note_number desc limit 2`.execute(db);
    expect(notes.rows).toHaveLength(2);
    for (const [i, note] of notes.rows.entries()) {
      await sql`update hy_shipping_note set shipping_status = '5', bill_id = null, bill_flag = '0', total_fee = ${i === 0 ? '12345.60' : '8000.05'}::numeric
        where id = ${note.id}`.execute(db);
    }
    const billId = await createBill(db, { tenantId: 1, customerId: notes.rows[0].customerId, settlementType: '2', noteIds: notes.rows.map((n) => n.id),
      periodStart: null, periodEnd: null, dueDate: '2026-12-31', createBy: 'e2e' });
    await sql`update hy_bill set bill_status = '2' where id = ${billId}`.execute(db);
    const found = await sql<{ id: string; billNo: string; payable: string }>`select id, bill_no as "billNo", payable_amount::text as payable
      from hy_bill where id = ${billId}`.execute(db);
    const bill = found.rows[0];
    expect(bill.payable).toBe('20345.65');
    const [whole, cents = ''] = bill.payable.split('.');
    const shown = `${Number(whole).toLocaleString('en-US')}.${cents.padEnd(2, '0')}`;

    await logIn(s.page, s.env, `${BILLS}?billNo=${bill.billNo}`, 'shipper');
    const billRow = rowOf(bill.billNo);
    await billRow.getByRole('cell', { name: '未申请', exact: true }).waitFor();
    await rowOperation(billRow, '申请开票');
    const asked = s.page.locator('.ant-popconfirm:visible, .ant-modal:visible').filter({ hasText: '确定为所选账单申请开票吗?' });
    await asked.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('申请开票成功，等待审核!').first().waitFor();
    await billRow.getByRole('cell', { name: '待审核', exact: true }).waitFor();

    await s.page.goto(`${s.env.baseUrl}${INVOICES}?billNos=${bill.billNo}`);
    const mine = rowOf(bill.billNo);
    await mine.getByRole('cell', { name: '待审核', exact: true }).waitFor();
    await mine.getByRole('cell', { name: shown, exact: true }).waitFor();
    // A shipper cannot issue.
    expect(await mine.getByRole('button', { name: '开票', exact: true }).count()).toBe(0);

    await logOut(s.page);
    await logIn(s.page, s.env, `${INVOICES}?billNos=${bill.billNo}`, 'ops');
    const row = rowOf(bill.billNo);
    await row.getByRole('cell', { name: '待审核', exact: true }).waitFor();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-e2e-'));
    fs.writeFileSync(path.join(dir, '发票.pdf'), tinyPdf(['e2e invoice', `No. ${NUMBER}`]));
    await rowOperation(row, '上传PDF');
    const upload = s.page.getByRole('dialog', { name: '上传PDF' });
    await upload.locator('input[type=file]').setInputFiles(path.join(dir, '发票.pdf'));
    await expect.poll(() => upload.locator('.ant-upload-list-item-done').count()).toBe(1);
    await upload.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('发票PDF已上传').first().waitFor();
    await upload.waitFor({ state: 'hidden' });

    await rowOperation(row, '开票');
    const dialog = s.page.getByRole('dialog', { name: '开票' });
    await dialog.getByLabel('发票号码').fill('123');
    await dialog.getByLabel('开票日期').click();
    await dialog.getByLabel('开票日期').fill('2026-11-27');
    await dialog.getByLabel('开票日期').press('Enter');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('发票号码应为20位数字（数电票）').first().waitFor();
    await dialog.getByLabel('发票号码').fill(NUMBER);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('开票成功!').first().waitFor();
    await row.getByRole('cell', { name: '已开票', exact: true }).waitFor();

    await logOut(s.page);
    await logIn(s.page, s.env, `${INVOICES}?billNos=${bill.billNo}`, 'shipper');
    const issued = rowOf(bill.billNo);
    await issued.getByRole('cell', { name: '已开票', exact: true }).waitFor();
    await issued.getByRole('cell', { name: NUMBER, exact: true }).waitFor();
    await issued.getByRole('cell', { name: shown, exact: true }).waitFor();

    // The shipper opens the invoice's PDF from its row: the file arrives whole, with the name ops uploaded it under.
    const served = s.page.waitForResponse((response) => new URL(response.url()).pathname.includes('/sys/common/static/'));
    const download = s.page.waitForEvent('download');
    await issued.locator('a', { hasText: '发票' }).click();
    const response = await served;
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 4).toString()).toBe('%PDF');
    const file = await download;
    expect(file.suggestedFilename()).toBe('发票.pdf');
    expect(fs.readFileSync(await file.path()).subarray(0, 4).toString()).toBe('%PDF');
    const stored = await sql<{ s: string }>`select invoice_status as s from hy_bill where id = ${bill.id}`.execute(s.env.ctx.db);
    expect(stored.rows[0].s).toBe('3');
    expect(s.pageErrors).toEqual([]);
  });
});

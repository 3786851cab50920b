/**
 * ETC toll invoices in the browser (issue 25): operations staff import the toll service's export (amounts in fen)
 * on ETC发票, see one invoice matched to the demo ETC运单 whose window holds its exit time and one left 未匹配 with
 * the reason, and resolve that one by picking the ETC运单 in the 手动匹配 dialog.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { chooseOption, desktopSession, logIn } from './harness.ts';

const INVOICES = '/etc/invoice';

describe('ETC invoices in the browser', () => {
  const s = desktopSession();
  const rowOf = (text: string) => s.page.locator('tbody tr.ant-table-row', { hasText: text });

  it('imports a toll export, shows matched and unmatched rows, and resolves one', async () => {
    // A demo ETC运单 with a closed window whose plate no other ETC运单 shares, so the match is unambiguous.
    const found = await sql<{ num: string; plate: string; inside: string; after: string }>`select waybill_num as num, plate_num as plate,
        to_char(start_time + (end_time - start_time) / 2, 'YYYY-MM-DD HH24:MI:SS') as inside,
        to_char(end_time + interval '2 days', 'YYYY-MM-DD HH24:MI:SS') as after
      from hy_etc_waybill w where end_time is not null and etc_waybill_status in ('1', '2')
        and (select count(*) from hy_etc_waybill o where o.plate_num = w.plate_num) = 1
      order by waybill_num limit 1`.execute(s.env.ctx.db);
    expect(found.rows).toHaveLength(1);
    const w = found.rows[0];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('通行费发票');
    sheet.addRow(['invoiceNum', 'invoiceCode', 'plateNum', 'exTime', 'enStation', 'exStation', 'fee', 'amount', 'totalTaxAmount', 'totalAmount', 'taxRate']);
    sheet.addRow(['E2E-ETC-0001', '013002400111', w.plate, w.inside, '石家庄东', '保定南', 12345, 11986, 359, 12345, 0.03]);
    sheet.addRow(['E2E-ETC-0002', '013002400111', w.plate, w.after, '保定南', '北京西站', 6789, 6591, 198, 6789, 0.03]);
    const file = `${fs.mkdtempSync('/tmp/freight-etc-')}/通行费发票.xlsx`;
    await workbook.xlsx.writeFile(file);

    await logIn(s.page, s.env, `${INVOICES}?plateNum=${encodeURIComponent(w.plate)}`, 'ops');
    await s.page.waitForURL((url) => url.pathname === INVOICES);
    await s.page.locator('input[type=file]').setInputFiles(file);
    await s.page.getByText('文件导入成功！数据行数：2').first().waitFor();

    const matched = rowOf('E2E-ETC-0001');
    await matched.getByRole('cell', { name: '已匹配', exact: true }).waitFor();
    await matched.getByRole('cell', { name: '123.45', exact: true }).waitFor();
    await matched.getByRole('cell', { name: w.num, exact: true }).waitFor();
    const open = rowOf('E2E-ETC-0002');
    await open.getByRole('cell', { name: '未匹配', exact: true }).waitFor();
    await open.getByText('没有车牌与通行时间相符的ETC运单').waitFor();
    await open.getByRole('cell', { name: '67.89', exact: true }).waitFor();

    await open.getByRole('button', { name: '手动匹配', exact: true }).click();
    const dialog = s.page.getByRole('dialog').filter({ hasText: '选择该发票所属的ETC运单' });
    await chooseOption(s.page, dialog.locator('.ant-select').first(), w.num);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('手动匹配成功!').waitFor();
    await open.getByRole('cell', { name: '已匹配', exact: true }).waitFor();

    const stored = await sql<{ n: number; total: string }>`select invoice_count as n, invoice_amount::text as total from hy_etc_waybill
      where waybill_num = ${w.num}`.execute(s.env.ctx.db);
    expect(stored.rows).toEqual([{ n: 2, total: '191.34' }]);
    expect(s.pageErrors).toEqual([]);
  });
});

/**
 * 税务申报 in the browser (issue 25, part 5): operations staff open the screen under 票税管理, see the demo drafts,
 * mark one 已申报 with its 申报编号, and export the bureau's fixed template.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { desktopSession, logIn } from './harness.ts';

const SCREEN = '/taxes/declarations';

describe('税务申报 in the browser', () => {
  const s = desktopSession();

  it('ops sees the drafts, marks one 已申报 and exports the template', async () => {
    const draft = await sql<{ name: string; period: string }>`select driver_name as name, period from hy_tax_declaration
      where declare_status = '1' order by period desc, income_amount desc limit 1`.execute(s.env.ctx.db);
    expect(draft.rows).toHaveLength(1);
    const { name, period } = draft.rows[0];
    await logIn(s.page, s.env, SCREEN, 'ops');
    await s.page.getByRole('menuitem', { name: /税务申报/ }).first().waitFor();
    const query = s.page.getByRole('search');
    await query.getByLabel('纳税人姓名').fill(name);
    await query.getByRole('button', { name: /查\s*询/ }).click();
    const row = s.page.locator('tbody tr.ant-table-row', { hasText: period }).filter({ hasText: '待申报' }).first();
    await row.waitFor();

    await row.getByRole('button', { name: '标记已申报', exact: true }).click();
    const dialog = s.page.getByRole('dialog').filter({ hasText: '申报编号' });
    await dialog.getByLabel('申报编号').fill('E2ESB0001');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('已标记为已申报').first().waitFor();
    await s.page.locator('tbody tr.ant-table-row', { hasText: 'E2ESB0001' }).getByRole('cell', { name: '已申报', exact: true }).waitFor();

    const download = s.page.waitForEvent('download');
    await s.page.getByRole('button', { name: /导\s*出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('税务申报导入模板.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await file.path())!);
    const heading = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(heading.slice(0, 4)).toEqual(['序号', '纳税人姓名', '身份证件类型', '身份证件号码']);
    expect(s.pageErrors).toEqual([]);
  });
});

import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { idCardCheckChar } from '../../src/contracts/validation/formats.ts';
import { logIn, startE2e, type E2eEnv } from './harness.ts';

const DRIVERS = '/wlhy/hydriver/HyDriverList';

async function sheetRows(path: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('Excel export and import on the drivers screen', () => {
  let env: E2eEnv;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    env = await startE2e();
    context = await env.browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    await logIn(page, env, `${DRIVERS}?reviewStatus=2`, 'ops');
    await page.waitForURL((url) => url.pathname === DRIVERS);
  });
  afterAll(async () => {
    await context?.close();
    await env?.close();
  });

  it('exports what the filter shows', async () => {
    const shown = Number(/共 (\d+) 条/.exec(await page.getByText(/共 \d+ 条/).innerText())![1]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('司机列表.xlsx');
    const rows = await sheetRows((await file.path())!);
    expect(rows[0].slice(0, 3)).toEqual(['姓名', '身份证号', '手机号']);
    expect(rows.length - 1).toBe(shown);
    expect(new Set(rows.slice(1).map((r) => r[rows[0].indexOf('审核状态')]))).toEqual(new Set(['审核通过']));
  });

  it('imports a file, says which rows failed and hands over the error report', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('司机');
    sheet.addRow(['姓名', '身份证号', '手机号', '准驾车型', '司机身份', '审核状态']);
    const first17 = '15060219880808123';
    // A new driver starts 待审核: 审核通过 is the approve operation's to give, not an import's.
    sheet.addRow(['表格导入', first17 + idCardCheckChar(first17), '13655550001', 'A2', '个体司机', '待审核']);
    sheet.addRow(['坏数据', '123', '1', 'A2', '个体司机', '待审核']);
    const path = `${fs.mkdtempSync('/tmp/freight-import-')}/司机.xlsx`;
    await workbook.xlsx.writeFile(path);

    await page.locator('input[type=file]').setInputFiles(path);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('部分数据导入失败').filter({ visible: true }).waitFor();
    await dialog.getByText('总上传行数：2，已导入行数：1，错误行数：1').filter({ visible: true }).waitFor();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载错误报告' }).click();
    const report = await sheetRows((await (await download).path())!);
    expect(report[1][0]).toBe('3');
    expect(report[1][report[1].length - 1]).toContain('身份证号');

    await page.goto(`${env.baseUrl}${DRIVERS}?reviewStatus=1`);
    await page.getByRole('cell', { name: '表格导入', exact: true }).waitFor();
  });
});

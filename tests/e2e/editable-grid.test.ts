/**
 * Issue 6 in the browser: (a) a 运单 with line items (货物明细 with a sort field, 费用明细 with a money total) — add lines, see a bad line's message, fix it, reorder, footer totals, save,
 * reopen; (b) two pages showing the same inline-editable list — a row saved in one updates and flashes in the other;
 * (c) line items reordered by dragging a row's handle with the mouse, saved in the dropped order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { logIn, startE2e, type E2eEnv } from './harness.ts';

const WAYBILLS = '/wlhy/hywaybill/HyWaybillList';
const RATES = '/wlhy/hyfreight/HyFreightRateList';

describe('editable grids in the browser', () => {
  let env: E2eEnv;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  async function newPage(): Promise<Page> {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await env?.close();
  });

  /** The grid rows' texts, top to bottom (the header and footer rows left out). */
  const bodyRows = (grid: Locator) => grid.locator('.grid-body [role="row"]');
  const cellIn = (row: Locator, column: number) => row.getByRole('gridcell').nth(column);
  /** Ends editing as a person does, by clicking outside the grid (Escape would also close the form's dialog). */
  const leaveCell = (section: Locator) => section.getByRole('heading').first().click();

  it('saves a main record with line items: validation, fix, reorder, totals, reopen', async () => {
    const page = await newPage();
    await logIn(page, env, WAYBILLS, 'admin');
    await page.waitForURL((url) => url.pathname === WAYBILLS);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('运单号').fill('YD-E2E-001');
    await dialog.getByLabel('起运城市').fill('上海');
    await dialog.getByLabel('到达城市').fill('南京');

    // Three lines; the second is left without its required goods name.
    const items = dialog.getByRole('region', { name: '货物明细' });
    const itemGrid = items.getByRole('grid');
    // Cells of a 货物明细 row: 排序 (上移/下移), the selection box, then 货物名称.
    const GOODS = 2;
    const addLine = async (goods: string, weight: string) => {
      await items.getByRole('button', { name: /新\s*增/ }).click();
      const name = itemGrid.getByRole('textbox', { name: '货物名称' });
      await name.waitFor();
      if (goods) await name.fill(goods);
      await name.press('Tab');
      const w = itemGrid.getByRole('spinbutton', { name: '重量(吨)' });
      await w.fill(weight);
      await leaveCell(items);
    };
    await addLine('钢材', '12.5');
    await addLine('', '3');
    await addLine('水泥', '7');
    await expect.poll(() => bodyRows(itemGrid).count()).toBe(3);

    // Fees: a money column with a 合计 footer (this grid has no sort field, so the footer shows).
    const fees = dialog.getByRole('region', { name: '费用明细' });
    const feeGrid = fees.getByRole('grid');
    for (const [name, amount] of [['运费', '1000.10'], ['装卸费', '20.5']]) {
      await fees.getByRole('button', { name: /新\s*增/ }).click();
      const input = feeGrid.getByRole('textbox', { name: '费用名称' });
      await input.fill(name);
      await input.press('Tab');
      const money = feeGrid.getByRole('spinbutton', { name: '金额(元)' });
      await money.fill(amount);
      await leaveCell(fees);
    }
    const footer = feeGrid.locator('[role="row"]', { hasText: '合计' });
    await expect.poll(() => footer.textContent()).toBe('合计1020.6');
    // The product hides the footer of a grid whose rows can move (JVxeTable does the same).
    expect(await itemGrid.getByText('合计').count()).toBe(0);

    // 确定 refuses the bad line and says which.
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('货物明细第2行：请输入货物名称').first().waitFor();
    await expect.poll(() => cellIn(bodyRows(itemGrid).nth(1), GOODS).getAttribute('aria-invalid')).toBe('true');

    // Fix it, then move 水泥 up to the top: 上移 twice (the first row cannot move up).
    await cellIn(bodyRows(itemGrid).nth(1), GOODS).click();
    const fix = itemGrid.getByRole('textbox', { name: '货物名称' });
    await fix.fill('玻璃');
    await leaveCell(items);
    await expect.poll(() => cellIn(bodyRows(itemGrid).nth(1), GOODS).getAttribute('aria-invalid')).toBe(null);
    expect(await bodyRows(itemGrid).nth(0).getByRole('button', { name: '上移' }).isDisabled()).toBe(true);
    expect(await bodyRows(itemGrid).nth(2).getByRole('button', { name: '下移' }).isDisabled()).toBe(true);
    await bodyRows(itemGrid).nth(2).getByRole('button', { name: '上移' }).click();
    await bodyRows(itemGrid).nth(1).getByRole('button', { name: '上移' }).click();
    await bodyRows(itemGrid).nth(1).getByRole('button', { name: '下移' }).click();
    const order = async () => (await bodyRows(itemGrid).allTextContents()).map((text) => /钢材|玻璃|水泥/.exec(text)?.[0]);
    await expect.poll(order).toEqual(['水泥', '玻璃', '钢材']);

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('添加成功').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Reopen: the lines come back in the saved order, the fees with their total.
    const row = page.locator('tbody tr.ant-table-row', { hasText: 'YD-E2E-001' });
    await row.getByRole('button', { name: '编辑' }).click();
    const again = page.getByRole('dialog');
    const savedItems = again.getByRole('region', { name: '货物明细' }).getByRole('grid');
    await expect.poll(async () => (await bodyRows(savedItems).allTextContents()).map((text) => /钢材|玻璃|水泥/.exec(text)?.[0])).toEqual(['水泥', '玻璃', '钢材']);
    const savedFees = again.getByRole('region', { name: '费用明细' }).getByRole('grid');
    await expect.poll(() => savedFees.locator('[role="row"]', { hasText: '合计' }).textContent()).toBe('合计1020.6');
    expect(pageErrors).toEqual([]);
  });

  it('drags a line to a new place with the mouse and saves that order', async () => {
    const page = await newPage();
    await logIn(page, env, WAYBILLS, 'admin');
    await page.waitForURL((url) => url.pathname === WAYBILLS);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('运单号').fill('YD-E2E-DRAG');
    await dialog.getByLabel('起运城市').fill('天津');
    await dialog.getByLabel('到达城市').fill('济南');
    const items = dialog.getByRole('region', { name: '货物明细' });
    const itemGrid = items.getByRole('grid');
    for (const goods of ['钢材', '玻璃', '水泥']) {
      await items.getByRole('button', { name: /新\s*增/ }).click();
      const name = itemGrid.getByRole('textbox', { name: '货物名称' });
      await name.waitFor();
      await name.fill(goods);
      await name.press('Tab');
      await itemGrid.getByRole('spinbutton', { name: '重量(吨)' }).fill('1');
      await leaveCell(items);
    }
    const order = async (grid: Locator) => (await bodyRows(grid).allTextContents()).map((text) => /钢材|玻璃|水泥/.exec(text)?.[0]);
    await expect.poll(() => order(itemGrid)).toEqual(['钢材', '玻璃', '水泥']);

    // Press 水泥's handle, move over the top half of the first row, release: 水泥 becomes the first line.
    const handle = bodyRows(itemGrid).nth(2).getByRole('button', { name: /^拖动第\d+行$/ });
    const from = (await handle.boundingBox())!;
    const target = (await bodyRows(itemGrid).nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, target.y + target.height / 4, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => order(itemGrid)).toEqual(['水泥', '钢材', '玻璃']);
    // And 钢材 (now second) down below the last line.
    const second = (await bodyRows(itemGrid).nth(1).getByRole('button', { name: /^拖动第\d+行$/ }).boundingBox())!;
    const last = (await bodyRows(itemGrid).nth(2).boundingBox())!;
    await page.mouse.move(second.x + second.width / 2, second.y + second.height / 2);
    await page.mouse.down();
    await page.mouse.move(second.x + second.width / 2, last.y + (last.height * 3) / 4, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => order(itemGrid)).toEqual(['水泥', '玻璃', '钢材']);

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('添加成功').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('tbody tr.ant-table-row', { hasText: 'YD-E2E-DRAG' }).getByRole('button', { name: '编辑' }).click();
    const saved = page.getByRole('dialog').getByRole('region', { name: '货物明细' }).getByRole('grid');
    await expect.poll(() => order(saved)).toEqual(['水泥', '玻璃', '钢材']);
    expect(pageErrors).toEqual([]);
  });

  it('an edit saved on one page appears and flashes on another page showing the same list', async () => {
    const writer = await newPage();
    await logIn(writer, env, RATES, 'admin');
    await writer.waitForURL((url) => url.pathname === RATES);
    // A row to edit, added through the list's own 新增.
    await writer.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = writer.getByRole('dialog');
    await dialog.getByLabel('起运城市').fill('上海');
    await dialog.getByLabel('到达城市').fill('南京');
    await dialog.getByLabel('单价(元/吨)').fill('120.5');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const writerGrid = writer.getByRole('grid');
    const writerRow = bodyRows(writerGrid).filter({ hasText: '南京' });
    await writerRow.waitFor();

    // Another user opens the same list in another browser.
    const reader = await newPage();
    await logIn(reader, env, RATES, 'ops');
    await reader.waitForURL((url) => url.pathname === RATES);
    const readerRow = bodyRows(reader.getByRole('grid')).filter({ hasText: '南京' });
    await readerRow.waitFor();
    // Record every cell that flashes from now on (the flash lasts 1.4 s; the record does not).
    await reader.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __flashed: string[] }).__flashed = seen;
      new MutationObserver((mutations) => {
        for (const m of mutations) {
          const el = m.target as HTMLElement;
          if (el.classList?.contains('grid-cell-flash')) seen.push(el.textContent ?? '');
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
    });

    // The writer edits 备注 and 单价 in place and saves.
    await cellIn(writerRow, 5).click();
    const remark = writerGrid.getByRole('textbox', { name: '备注' });
    await remark.fill('夜间发车');
    await remark.press('Escape');
    await cellIn(writerRow, 2).click();
    const price = writerGrid.getByRole('spinbutton', { name: '单价(元/吨)' });
    await price.fill('135');
    await price.press('Escape');
    await writer.getByText('1 行已修改').waitFor();
    await writer.getByRole('button', { name: /保\s*存/ }).click();
    await writer.getByText('编辑成功!').first().waitFor();

    // The reader's row changes without a reload, and the changed cells flash.
    await readerRow.filter({ hasText: '夜间发车' }).waitFor();
    expect(await cellIn(readerRow, 2).textContent()).toContain('135');
    await expect.poll(() => reader.evaluate(() => (window as unknown as { __flashed: string[] }).__flashed)).toEqual(expect.arrayContaining(['夜间发车']));
    expect(pageErrors).toEqual([]);
  });
});

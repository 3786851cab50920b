/**
 * Issue 8 in the browser: an operator approves a pending driver and vehicle from their ?state=1 lists, dispatches a
 * waybill from an order (派车), moves it through 接单 / 装货 / 卸货 to 签收 (after uploading the receipt) and reads its
 * 轨迹, and the bell's 待办 settlement count goes up by one; a shipper admin switches shipper and sees only that shipper's waybills, with an agent-mode order's fees as --.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { sql } from 'kysely';
import { coalOrder, insertEntityRow } from '../server/helpers/freight.ts';
import { TINY_PNG } from '../server/helpers/multipart.ts';
import { logIn, startE2e, type E2eEnv, rowOperation } from './harness.ts';

const DRIVERS = '/wlhy/hydriver/HyDriverList';
const VEHICLES = '/wlhy/hyvehicle/HyVehicleList';
const ORDERS = '/wlhy/hyorder/HyOrderList';
const WAYBILLS = '/shipping/list';
const PLATE = '蒙K8E2E8';

describe('freight operations in the browser', () => {
  let env: E2eEnv;
  let context: BrowserContext | undefined;
  let dir: string;
  const pageErrors: string[] = [];
  let dueLabel = '';

  const order = (no: string, customerId: string, extra: Record<string, unknown> = {}) => coalOrder(customerId, no, { totalFee: 7260, orderStatus: '1', ...extra });

  beforeAll(async () => {
    env = await startE2e();
    dir = fs.mkdtempSync('/tmp/freight-flow-');
    fs.writeFileSync(path.join(dir, '磅单回单.png'), TINY_PNG);
    // One pending driver and one pending vehicle, with valid documents, under names the test can find.
    const driver = (await sql<{ id: string }>`select id from hy_driver order by id limit 1`.execute(env.ctx.db)).rows[0];
    await sql`update hy_driver set review_status = '1', driver_name = '派车司机', valid_period_to = '2099-12-31' where id = ${driver.id}`.execute(env.ctx.db);
    const vehicle = (await sql<{ id: string }>`select id from hy_vehicle order by id limit 1`.execute(env.ctx.db)).rows[0];
    await sql`update hy_vehicle set review_status = '1', vehicle_number = ${PLATE}, inspection_valid_to = '2099-12-31', road_transport_valid_to = '2099-12-31'
      where id = ${vehicle.id}`.execute(env.ctx.db);
    // A shipper whose waybills, once signed, wait for settlement (月结, 批结 or 趟结; 垫付 waits for repayment instead).
    const customer = (await sql<{ id: string; type: string }>`select id, settlement_type as type from hy_customer
      where settlement_type in ('1', '2', '3') order by customer_name limit 1`.execute(env.ctx.db)).rows[0];
    dueLabel = { '1': '月结账期待结算', '2': '批结待结算', '3': '趟结待结算' }[customer.type]!;
    // As 新增 would (copyFrom): the order carries its customer's 结算方式, which its waybills copy and the bell counts by.
    await insertEntityRow(env.ctx, 'hyOrder', { ...order('DD-E2E-0001', customer.id), settlementType: customer.type });
  });
  afterAll(async () => {
    await context?.close();
    await env?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Each test signs in as its own person, in its own browser context. */
  async function newPage(): Promise<Page> {
    await context?.close();
    context = await env.browser.newContext({ viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }
  const rowOf = (page: Page, text: string) => page.locator('tbody tr.ant-table-row', { hasText: text });
  /** The operation's question: a popover on a row button, a dialog for an entry of the 更多 menu. */
  async function confirmPopover(page: Page, question: string): Promise<void> {
    const asked = page.locator('.ant-popconfirm:visible, .ant-modal:visible').filter({ hasText: question });
    await asked.waitFor();
    await asked.getByRole('button', { name: /确\s*定/ }).click();
  }
  async function inputOperation(page: Page, row: Locator, label: string, field: string, value: string): Promise<void> {
    await rowOperation(row, label);
    const dialog = page.getByRole('dialog', { name: label });
    await dialog.getByLabel(field).fill(value);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(`${label}成功!`).first().waitFor();
  }

  /** The count the bell's 待办 tab shows for one category (0 when the category is not listed). */
  async function todoCount(page: Page, label: string): Promise<number> {
    await page.getByRole('button', { name: /^消息通知/ }).click();
    const panel = page.getByRole('dialog', { name: '消息通知' });
    await panel.getByRole('tab', { name: /^待办/ }).click();
    const body = panel.getByRole('tabpanel');
    await body.getByRole('link').or(body.getByText('暂无待办')).first().waitFor();
    const item = body.getByRole('link', { name: new RegExp(`^${label}`) });
    const count = (await item.count()) ? Number(await item.locator('strong').first().innerText()) : 0;
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    return count;
  }

  it('approves a driver and a vehicle, dispatches a waybill from an order and takes it to 已签收', async () => {
    const page = await newPage();
    await logIn(page, env, `${DRIVERS}?state=1`, 'ops');
    await page.waitForURL((url) => url.pathname === DRIVERS);
    const dueBefore = await todoCount(page, dueLabel);
    await rowOperation(rowOf(page, '派车司机'), '审核通过');
    await confirmPopover(page, '确定审核通过吗?');
    await page.getByText('审核通过成功!').first().waitFor();

    await page.goto(`${env.baseUrl}${VEHICLES}?state=1`);
    await rowOperation(rowOf(page, PLATE), '审核通过');
    await confirmPopover(page, '确定审核通过吗?');
    await page.getByText('审核通过成功!').first().waitFor();

    // 派车 opens the waybill form filled from the order.
    await page.goto(`${env.baseUrl}${ORDERS}?orderNo=DD-E2E-0001`);
    await rowOperation(rowOf(page, 'DD-E2E-0001'), '派车');
    const dialog = page.getByRole('dialog', { name: '新增运单' });
    await dialog.getByText('DD-E2E-0001').waitFor();
    await dialog.getByLabel('运单号').fill('YDE2E00001');
    for (const [label, text] of [['司机', '派车司机'], ['车辆', PLATE]]) {
      await dialog.getByLabel(label, { exact: true }).fill(text);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText(text, { exact: true }).click();
    }
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('添加成功！').first().waitFor();

    await page.goto(`${env.baseUrl}${WAYBILLS}?shippingNoteNumber=YDE2E00001`);
    const row = rowOf(page, 'YDE2E00001');
    await row.getByRole('cell', { name: '待接单', exact: true }).waitFor();
    await expect.poll(() => row.getByRole('cell', { name: '派车司机' }).count()).toBe(1);
    await rowOperation(row, '接单');
    await confirmPopover(page, '确定为该运单接单吗?');
    await page.getByText('接单成功!').first().waitFor();
    await inputOperation(page, row, '装货', '装货重量(吨)', '33.2');
    await inputOperation(page, row, '卸货', '卸货重量(吨)', '33.1');

    // 签收 needs the receipt photo: upload it with 上传回单, the file-upload popup (issue 22, item 7).
    await rowOperation(row, '签收');
    await page.getByRole('dialog', { name: '签收' }).getByLabel('结算重量(吨)').fill('33.1');
    await page.getByRole('dialog', { name: '签收' }).getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('回单照片不能为空，不能签收').first().waitFor();
    await page.getByRole('dialog', { name: '签收' }).getByRole('button', { name: /取\s*消/ }).click();
    await rowOperation(row, '上传回单');
    const upload = page.getByRole('dialog', { name: '上传回单' });
    expect((await upload.boundingBox())?.width).toBe(520);
    await upload.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('未上传任何文件').first().waitFor();
    await upload.locator('input[type=file]').setInputFiles(path.join(dir, '磅单回单.png'));
    await expect.poll(() => upload.locator('.ant-upload-list-item-done').count()).toBe(1);
    await upload.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('回单已上传').first().waitFor();
    await upload.waitFor({ state: 'hidden' });
    await inputOperation(page, row, '签收', '结算重量(吨)', '33.1');
    await row.getByRole('cell', { name: '已签收', exact: true }).waitFor();
    // Signed and not yet billed: one more waybill waits for settlement.
    await page.reload();
    await expect.poll(() => todoCount(page, dueLabel)).toBe(dueBefore + 1);

    await rowOperation(row, '轨迹');
    const drawer = page.locator('.ant-drawer', { hasText: '轨迹' });
    for (const event of ['接单', '装货', '卸货', '签收']) await drawer.getByRole('cell', { name: event, exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('a shipper admin switches shipper and sees only its waybills, with an agent order\'s fees as --', async () => {
    const { rows } = await sql<{ id: string; name: string; used: boolean }>`select c.id, c.customer_name as name, c.id = u.customer_id as used
      from hy_customer_admin a join hy_customer c on c.id = a.customer_id join sys_user u on u.id = a.user_id
      where u.username = 'shipperadmin' order by c.customer_name`.execute(env.ctx.db);
    const other = rows.find((r) => !r.used)!;
    const agent = (await sql<{ id: string }>`select id from hy_customer where id not in (select customer_id from hy_customer_admin) limit 1`.execute(env.ctx.db)).rows[0];
    const orderId = await insertEntityRow(env.ctx, 'hyOrder', order('DD-E2E-0002', other.id, { orderMode: '3', agentId: agent.id, agentFee: 7000, totalFee: 7000 }));
    const driver = (await sql<{ id: string }>`select id from hy_driver where review_status = '2' limit 1`.execute(env.ctx.db)).rows[0];
    await insertEntityRow(env.ctx, 'hyShippingNote', {
      shippingNoteNumber: 'YDE2EAGENT', orderId, customerId: other.id, orderMode: '3', agentId: agent.id, goodsName: '动力煤', driverId: driver.id, driverName: '代理司机',
      vehicleId: 'v', vehicleNumber: '冀B12345', customerFee: 7260, driverFee: 6600, agentFee: 7000, totalFee: 7000, shippingStatus: '2', payStatus: '0',
    });

    const page = await newPage();
    await logIn(page, env, WAYBILLS, 'shipperadmin');
    await page.waitForURL((url) => url.pathname === WAYBILLS);
    await page.getByRole('columnheader', { name: /运单号/ }).first().waitFor();
    expect(await rowOf(page, 'YDE2EAGENT').count()).toBe(0);

    await page.getByRole('combobox', { name: '当前货主' }).click();
    await page.getByRole('option', { name: other.name, exact: true }).click();
    await page.getByText('已切换到指定货主').waitFor();
    const row = rowOf(page, 'YDE2EAGENT');
    await row.waitFor();
    const own = (await sql<{ n: number }>`select count(*)::int as n from hy_shipping_note where customer_id = ${other.id}`.execute(env.ctx.db)).rows[0].n;
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(Math.min(own, 10));
    // 货主运费 and 司机运费 arrive as -- ; 运费总额 is the agent's fee.
    expect(await row.getByRole('cell', { name: '--', exact: true }).count()).toBe(2);
    await row.getByRole('cell', { name: '7,000.00', exact: true }).waitFor();
    expect(await row.innerText()).not.toMatch(/6,600|7,260/);
    expect(pageErrors).toEqual([]);
  });
});

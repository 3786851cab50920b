import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { sql } from 'kysely';
import { logIn, startE2e, type E2eEnv } from './harness.ts';

const DRIVERS = '/wlhy/hydriver/HyDriverList';

describe('ops reviews pending drivers in the browser', () => {
  let env: E2eEnv;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    env = await startE2e();
    // Two seeded drivers become pending under names the test can find.
    const { rows } = await sql<{ id: string }>`select id from hy_driver order by id limit 2`.execute(env.ctx.db);
    await sql`update hy_driver set review_status = '1', review_remark = null, driver_name = '待审甲' where id = ${rows[0].id}`.execute(env.ctx.db);
    await sql`update hy_driver set review_status = '1', review_remark = null, driver_name = '待审乙' where id = ${rows[1].id}`.execute(env.ctx.db);
    context = await env.browser.newContext({ viewport: { width: 1600, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await env?.close();
  });

  const rowOf = (name: string) => page.locator('tbody tr.ant-table-row', { hasText: name });

  it('approves one pending driver and rejects another with a reason', async () => {
    await logIn(page, env, `${DRIVERS}?driverName=${encodeURIComponent('待审')}`, 'ops');
    await page.waitForURL((url) => url.pathname === DRIVERS);
    await page.getByText('共 2 条').waitFor();

    // A pending driver has three row operations (审核通过, 驳回, 绑定车辆): past two they sit in the 更多 menu, and a
    // question asked from the menu comes as a dialog.
    await rowOf('待审甲').getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '审核通过', exact: true }).click();
    const question = page.locator('.ant-modal:visible', { hasText: '确定审核通过吗?' });
    await question.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('审核通过成功!').waitFor();
    await rowOf('待审甲').getByRole('cell', { name: '审核通过', exact: true }).waitFor();
    // Approved: only 绑定车辆 is left, shown as its own button.
    await rowOf('待审甲').getByRole('button', { name: '绑定车辆' }).waitFor();
    expect(await rowOf('待审甲').getByRole('button', { name: /审核通过|驳\s*回|更多/ }).count()).toBe(0);

    await rowOf('待审乙').getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: /驳\s*回/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('驳回原因').fill('证件模糊：驾驶证照片不清晰，请重新上传');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('驳回成功!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf('待审乙').getByRole('cell', { name: '审核驳回', exact: true }).waitFor();
    await rowOf('待审乙').getByText('证件模糊：驾驶证照片不清晰，请重新上传').waitFor();
  });
});

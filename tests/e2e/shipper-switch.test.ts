import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { sql } from 'kysely';
import { logIn, startE2e, type E2eEnv } from './harness.ts';

const HOME = '/dashboard/analysis';

describe('a customer admin switches the active shipper from the header', () => {
  let env: E2eEnv;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    await context?.close();
    await env?.close();
  });

  it('shows the current shipper, switches to another, says so and stays switched after the reload', async () => {
    const { rows } = await sql<{ id: string; name: string; used: boolean }>`select c.id, c.customer_name as name, c.id = u.customer_id as used
      from hy_customer_admin a join hy_customer c on c.id = a.customer_id join sys_user u on u.id = a.user_id
      where u.username = 'shipperadmin' order by c.customer_name`.execute(env.ctx.db);
    const current = rows.find((r) => r.used)!;
    const other = rows.find((r) => !r.used)!;
    expect(rows.length).toBeGreaterThan(1);

    context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await logIn(page, env, HOME, 'shipperadmin');
    await page.waitForURL((url) => url.pathname === HOME);

    const selector = page.getByRole('combobox', { name: '当前货主' });
    await expect.poll(() => selector.inputValue()).toBe(current.name);
    await selector.click();
    await page.getByRole('option', { name: other.name, exact: true }).click();
    await page.getByText('已切换到指定货主').waitFor();

    // The page reloads for the new shipper, and the header shows it.
    await page.waitForEvent('load');
    await expect.poll(() => page.getByRole('combobox', { name: '当前货主' }).inputValue()).toBe(other.name);
    const { rows: after } = await sql<{ customer_id: string }>`select customer_id from sys_user where username = 'shipperadmin'`.execute(env.ctx.db);
    expect(after[0].customer_id).toBe(other.id);
    expect(pageErrors).toEqual([]);
  });

  it('lets an administrator assign a customer admin\'s shippers from 用户管理 (管理货主)', async () => {
    const { rows } = await sql<{ name: string }>`select c.customer_name as name from hy_customer c
      where c.id not in (select customer_id from hy_customer_admin) order by c.customer_name limit 1`.execute(env.ctx.db);
    const extra = rows[0].name;
    const adminContext = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await adminContext.newPage();
      await logIn(page, env, '/isystem/user', 'admin');
      const row = page.locator('tbody tr.ant-table-row', { hasText: 'shipperadmin' });
      await row.waitFor();
      const direct = row.getByRole('button', { name: '管理货主' });
      if (await direct.count()) await direct.click();
      else {
        await row.getByRole('button', { name: /更多/ }).hover();
        await page.getByRole('menuitem', { name: '管理货主' }).click();
      }
      const drawer = page.locator('.ant-drawer', { hasText: '管理的货主' });
      await expect.poll(() => drawer.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(1);
      await drawer.getByRole('button', { name: /新\s*增/ }).click();
      const form = page.locator('.ant-modal:visible');
      // Twelve shippers: typed, as a person would, rather than scrolled to in the virtual list.
      await form.getByRole('combobox', { name: '货主' }).click();
      await page.keyboard.type(extra);
      await page.locator('.ant-select-dropdown:visible').getByTitle(extra, { exact: true }).click();
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await drawer.locator('tbody tr.ant-table-row', { hasText: extra }).waitFor();
      const { rows: linked } = await sql<{ n: number }>`select count(*)::int as n from hy_customer_admin a join hy_customer c on c.id = a.customer_id
        where c.customer_name = ${extra}`.execute(env.ctx.db);
      expect(linked[0].n).toBe(1);
    } finally {
      await adminContext.close();
    }
  });
});

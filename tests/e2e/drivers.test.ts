import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { idCardCheckChar } from '../../src/contracts/validation/formats.ts';
import { chooseOption, desktopSession, logIn, startE2e, type E2eEnv } from './harness.ts';

const DRIVERS = '/wlhy/hydriver/HyDriverList';

describe('a staff member works with drivers in the browser', () => {
  const s = desktopSession();

  it('sends a logged-out visitor to the login page and back to where they were going', async () => {
    await logIn(s.page, s.env, `${DRIVERS}?reviewStatus=2`, 'ops');
    await s.page.waitForURL((url) => url.pathname === DRIVERS);
    expect(new URL(s.page.url()).searchParams.get('reviewStatus')).toBe('2');
    await expect.poll(() => s.page.getByRole('menuitem', { name: /司机管理/ }).count()).toBeGreaterThan(0);
    await s.page.getByRole('row').nth(1).waitFor();
    const statuses = await s.page.getByRole('cell', { name: '审核通过', exact: true }).count();
    expect(statuses).toBeGreaterThan(0);
    await expect.poll(() => s.page.getByRole('cell', { name: /^(待审核|审核驳回)$/ }).count()).toBe(0);
  });

  it('pages through real rows and changes the page size', async () => {
    await s.page.goto(`${s.env.baseUrl}${DRIVERS}`);
    await s.page.getByText('共 60 条').waitFor();
    await expect.poll(() => s.page.locator('tbody tr.ant-table-row').count()).toBe(10);
    await s.page.getByTitle('2', { exact: true }).click();
    await expect.poll(() => s.page.locator('.ant-pagination-item-active').textContent()).toBe('2');
    await s.page.locator('.ant-pagination-options .ant-select').click();
    await s.page.getByText('20 条/页').click();
    await expect.poll(() => s.page.locator('tbody tr.ant-table-row').count()).toBe(20);
  });

  it('refuses an invalid driver in the form and explains why', async () => {
    await s.page.getByRole('button', { name: /新\s*增/ }).first().click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByText('新增司机').waitFor();
    await dialog.getByLabel('姓名').fill('浏览器司机');
    await dialog.getByLabel('手机号').fill('12345');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入正确的11位手机号码').waitFor();
    await dialog.getByText('请输入身份证号').waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds a driver, finds it with the query form, edits it and deletes it', async () => {
    const idCard = `15060219900101771${idCardCheckChar('15060219900101771')}`;
    await s.page.getByRole('button', { name: /新\s*增/ }).first().click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByText('新增司机').waitFor();
    await dialog.getByLabel('姓名').fill('浏览器司机');
    await dialog.getByLabel('身份证号').fill(idCard);
    await dialog.getByLabel('手机号').fill('13612345678');
    await chooseOption(s.page, dialog.getByLabel('准驾车型'), 'B2');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('添加成功！').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const query = s.page.getByRole('search');
    await query.getByLabel('姓名').fill('浏览器');
    await query.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.getByText('共 1 条').waitFor();
    const row = s.page.locator('tbody tr.ant-table-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.first().textContent()).toContain('浏览器司机');
    expect(await row.first().textContent()).toContain('150***********');

    await row.first().getByText('编辑').click();
    await dialog.getByText('编辑司机').waitFor();
    await expect.poll(() => dialog.getByLabel('身份证号').inputValue()).toBe(idCard);
    await dialog.getByLabel('姓名').fill('浏览器司机改');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('编辑成功!').waitFor();
    await expect.poll(async () => (await row.first().textContent()) ?? '').toContain('浏览器司机改');

    await row.first().getByText('删除').click();
    await s.page.locator('.ant-popover:visible').getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('删除成功!').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect(s.pageErrors).toEqual([]);
  });

  it('logs out after confirming', async () => {
    await s.page.getByText('退出登录').click();
    await s.page.getByText('真的要注销登录吗 ?').waitFor();
    await s.page.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.waitForURL((url) => url.pathname === '/user/login');
    await s.page.goto(`${s.env.baseUrl}${DRIVERS}`);
    await s.page.waitForURL((url) => url.pathname === '/user/login');
  });
});

describe('a shipper sees drivers read-only', () => {
  let env: E2eEnv;
  let context: BrowserContext;

  beforeAll(async () => {
    env = await startE2e();
    context = await env.browser.newContext();
  });
  afterAll(async () => {
    await context?.close();
    await env?.close();
  });

  it('shows the list without add, edit or delete', async () => {
    const page = await context.newPage();
    await logIn(page, env, '/dashboard/analysis', 'shipper');
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await page.goto(`${env.baseUrl}${DRIVERS}`);
    // Only the drivers of its own waybills (the demo has 60), and no search by the numbers it sees masked.
    const total = page.getByText(/^共 \d+ 条$/);
    await total.waitFor();
    const shown = Number(/\d+/.exec((await total.textContent()) ?? '')?.[0]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(60);
    const query = page.getByRole('search');
    await query.getByLabel('姓名').waitFor();
    expect(await query.getByLabel('手机号').count()).toBe(0);
    expect(await query.getByLabel('身份证号').count()).toBe(0);
    expect(await page.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
    expect(await page.locator('tbody').getByText('编辑').count()).toBe(0);
    expect(await page.locator('tbody').getByText('删除').count()).toBe(0);
  });
});

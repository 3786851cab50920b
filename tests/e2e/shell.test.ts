import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { logIn, startE2e, type E2eEnv } from './harness.ts';

const HOME = '/dashboard/analysis';
const DRIVERS = '/wlhy/hydriver/HyDriverList';

describe('the signed-in shell in the browser', () => {
  let env: E2eEnv;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const tabTitles = () => page.getByRole('tab').allTextContents();

  beforeAll(async () => {
    env = await startE2e();
    context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await context?.close();
    await env?.close();
  });

  it('opens 司机管理 from the side menu in a second tab', async () => {
    await logIn(page, env, HOME, 'admin');
    await page.waitForURL((url) => url.pathname === HOME);
    await page.getByRole('menuitem', { name: /网络货运/ }).click();
    await page.getByRole('menuitem', { name: /司机管理/ }).click();
    await page.waitForURL((url) => url.pathname === DRIVERS);
    await expect.poll(tabTitles).toEqual(['首页', '司机管理']);
    await expect.poll(() => page.title()).toMatch(/^司机管理 - /);
  });

  it('refuses to close 首页', async () => {
    const homeTab = page.locator('.ant-tabs-tab').filter({ has: page.getByRole('tab', { name: '首页' }) });
    await homeTab.getByRole('button', { name: '关闭' }).click();
    await page.getByText('首页不能关闭!').waitFor();
    expect(await tabTitles()).toEqual(['首页', '司机管理']);
  });

  it('closes the other tabs from the right-click menu, keeping 首页', async () => {
    await page.getByRole('tab', { name: '司机管理' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(tabTitles).toEqual(['首页', '司机管理']);
    expect(new URL(page.url()).pathname).toBe(DRIVERS);
  });

  it('moves the menu to the top from the settings drawer', async () => {
    const menu = page.getByRole('navigation', { name: '主菜单' });
    const before = await menu.boundingBox();
    expect(before?.x).toBe(0);
    // In the sider, under the 64 px logo.
    expect(before?.y).toBeGreaterThanOrEqual(64);

    await page.getByRole('button', { name: '系统设置' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('导航模式').waitFor();
    await drawer.getByText('顶部栏导航').click();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await expect.poll(async () => (await menu.boundingBox())?.y).toBe(0);
    const after = await menu.boundingBox();
    expect(after?.height).toBeLessThanOrEqual(64);
    expect(after?.x).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: '折叠菜单' }).count()).toBe(0);
  });

  it('on a narrow screen puts the menu in a drawer opened by the toggle', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.getByRole('button', { name: '展开菜单' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('menuitem', { name: /网络货运/ }).waitFor();
    expect(await drawer.getByRole('navigation', { name: '主菜单' }).count()).toBe(1);
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

const HOME = '/dashboard/analysis';
const DRIVERS = '/wlhy/hydriver/HyDriverList';

describe('the signed-in shell in the browser', () => {
  const s = desktopSession();
  const tabTitles = () => s.page.getByRole('tab').allTextContents();

  it('opens 司机管理 from the side menu in a second tab', async () => {
    await logIn(s.page, s.env, HOME, 'admin');
    await s.page.waitForURL((url) => url.pathname === HOME);
    await s.page.getByRole('menuitem', { name: /网络货运/ }).click();
    await s.page.getByRole('menuitem', { name: /司机管理/ }).click();
    await s.page.waitForURL((url) => url.pathname === DRIVERS);
    await expect.poll(tabTitles).toEqual(['首页', '司机管理']);
    await expect.poll(() => s.page.title()).toMatch(/^司机管理 - /);
  });

  it('refuses to close 首页', async () => {
    await s.page.getByRole('button', { name: '关闭 首页', exact: true }).click();
    await s.page.getByText('首页不能关闭!').waitFor();
    expect(await tabTitles()).toEqual(['首页', '司机管理']);
  });

  it('closes the other tabs from the right-click menu, keeping 首页', async () => {
    await s.page.getByRole('tab', { name: '司机管理' }).click({ button: 'right' });
    await s.page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(tabTitles).toEqual(['首页', '司机管理']);
    expect(new URL(s.page.url()).pathname).toBe(DRIVERS);
  });

  it('keeps the active tab in view when more tabs are open than fit, and reaches the others from 更多页签 (issue 22, item 3)', async () => {
    const screens = [
      '/customer/manager', '/customer/user', '/wlhy/hycarrier/HyCarrierList', '/wlhy/hyorder/HyOrderList', '/shipping/list',
      '/bill/list', '/wlhy/hywaybill/HyWaybillList', '/plateform/cost/paylist', '/wlhy/hyfreight/HyFreightRateList',
      '/isps/userAnnouncement', '/online/cgreportHead', '/online/cgreport/driver_income', '/isystem/user', '/isystem/role',
      '/isystem/dict', '/isystem/log',
    ];
    for (const [index, path] of screens.entries()) {
      // In-app navigation (as a menu click does), without reloading the page per screen.
      await s.page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect.poll(async () => (await tabTitles()).length).toBe(index + 3);
    }
    const strip = await s.page.getByRole('tablist', { name: '多页签' }).boundingBox();
    const inStrip = async (name: string) => {
      const box = await s.page.getByRole('tab', { name, exact: true }).boundingBox();
      return !!box && !!strip && box.x >= strip.x - 1 && box.x + box.width <= strip.x + strip.width + 1;
    };
    const viewport = s.page.viewportSize();
    await expect.poll(() => inStrip('系统日志')).toBe(true);
    expect(strip!.x + strip!.width).toBeLessThanOrEqual(viewport!.width);

    await s.page.getByRole('button', { name: '更多页签' }).click();
    const hidden = s.page.getByRole('menu', { name: '更多页签' });
    expect(await hidden.getByRole('menuitem').allTextContents()).toContain('首页');
    await hidden.getByRole('menuitem', { name: '首页', exact: true }).click();
    await s.page.waitForURL((url) => url.pathname === HOME);
    await expect.poll(() => inStrip('首页')).toBe(true);
    expect(await inStrip('系统日志')).toBe(false);

    // Back to where the next tests start: 司机管理 alone beside 首页.
    await s.page.getByRole('tab', { name: '司机管理' }).click({ button: 'right' });
    await s.page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(tabTitles).toEqual(['首页', '司机管理']);
    await expect.poll(() => s.page.getByRole('button', { name: '更多页签' }).count()).toBe(0);
    await s.page.getByRole('tab', { name: '司机管理' }).click();
    await s.page.waitForURL((url) => url.pathname === DRIVERS);
  });

  it('moves the menu to the top from the settings drawer', async () => {
    const menu = s.page.getByRole('navigation', { name: '主菜单' });
    const before = await menu.boundingBox();
    expect(before?.x).toBe(0);
    // In the sider, under the 64 px logo.
    expect(before?.y).toBeGreaterThanOrEqual(64);

    await s.page.getByRole('button', { name: '系统设置' }).click();
    const drawer = s.page.getByRole('dialog');
    await drawer.getByText('导航模式').waitFor();
    await drawer.getByRole('button', { name: '酱紫' }).click();
    await drawer.getByText('顶部栏导航').click();
    await s.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The colour reaches the shell (its CSS) and the antd screen inside it (antd's theme token) alike.
    const purple = 'rgb(114, 46, 209)';
    const colour = (locator: ReturnType<typeof s.page.getByRole>, property: 'color' | 'backgroundColor') =>
      locator.evaluate((element, name) => getComputedStyle(element)[name], property);
    await expect.poll(() => colour(s.page.getByRole('tab', { name: '司机管理' }), 'color')).toBe(purple);
    await expect.poll(() => colour(s.page.getByRole('button', { name: /新\s*增/ }).first(), 'backgroundColor')).toBe(purple);

    await expect.poll(async () => (await menu.boundingBox())?.y).toBe(0);
    const after = await menu.boundingBox();
    expect(after?.height).toBeLessThanOrEqual(64);
    expect(after?.x).toBeGreaterThan(0);
    expect(await s.page.getByRole('button', { name: '折叠菜单' }).count()).toBe(0);
  });

  it('on a narrow screen puts the menu in a drawer opened by the toggle', async () => {
    await s.page.setViewportSize({ width: 800, height: 900 });
    await s.page.getByRole('button', { name: '展开菜单' }).click();
    const drawer = s.page.getByRole('dialog');
    await drawer.getByRole('menuitem', { name: /网络货运/ }).waitFor();
    expect(await drawer.getByRole('navigation', { name: '主菜单' }).count()).toBe(1);
    expect(await s.page.getByRole('tab').count()).toBe(0);
    expect(s.pageErrors).toEqual([]);
  });
});

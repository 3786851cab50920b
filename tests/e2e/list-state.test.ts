import { describe, expect, it } from 'vitest';
import { chooseOption, desktopSession, logIn } from './harness.ts';

const DRIVERS = '/wlhy/hydriver/HyDriverList';

describe('the driver list keeps its state in the URL', () => {
  const s = desktopSession();

  const activePage = () => s.page.locator('.ant-pagination-item-active').textContent();
  const param = (name: string) => new URL(s.page.url()).searchParams.get(name);

  it('folds the query items past the third behind 展开/收起', async () => {
    await logIn(s.page, s.env, DRIVERS, 'ops');
    await s.page.waitForURL((url) => url.pathname === DRIVERS);
    await s.page.getByText('共 60 条').waitFor();
    const query = s.page.getByRole('search');
    expect(await query.getByLabel('姓名').isVisible()).toBe(true);
    expect(await query.getByLabel('审核状态').isVisible()).toBe(false);
    await query.getByRole('button', { name: /展开/ }).click();
    await query.getByLabel('审核状态').waitFor({ state: 'visible' });
    await query.getByRole('button', { name: /收起/ }).click();
    await query.getByLabel('审核状态').waitFor({ state: 'hidden' });
  });

  it('writes page and sort to the URL and restores them on back and forward', async () => {
    await s.page.getByTitle('2', { exact: true }).click();
    await s.page.waitForURL((url) => url.searchParams.get('pageNo') === '2');
    await expect.poll(activePage).toBe('2');

    await s.page.getByRole('columnheader', { name: /姓名/ }).click();
    await s.page.waitForURL((url) => url.searchParams.get('column') === 'driverName');
    expect(param('order')).toBe('asc');
    // A new sort starts at page 1.
    await expect.poll(activePage).toBe('1');
    expect(param('pageNo')).toBeNull();

    await s.page.goBack();
    await s.page.waitForURL((url) => url.searchParams.get('pageNo') === '2' && !url.searchParams.has('column'));
    await expect.poll(activePage).toBe('2');
    await expect.poll(() => s.page.getByRole('columnheader', { name: /姓名/ }).getAttribute('aria-sort')).toBeNull();

    await s.page.goBack();
    await s.page.waitForURL((url) => url.pathname === DRIVERS && url.search === '');
    await expect.poll(activePage).toBe('1');

    await s.page.goForward();
    await s.page.waitForURL((url) => url.searchParams.get('pageNo') === '2');
    await expect.poll(activePage).toBe('2');
  });

  it('restores filters from the URL after a reload', async () => {
    const query = s.page.getByRole('search');
    await query.getByRole('button', { name: /展开/ }).click();
    await chooseOption(s.page, query.getByLabel('审核状态'), '审核通过');
    await query.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.waitForURL((url) => url.searchParams.get('reviewStatus') === '2');
    await s.page.reload();
    await s.page.getByRole('row').nth(1).waitFor();
    await expect.poll(() => s.page.getByRole('cell', { name: /^(待审核|审核驳回)$/ }).count()).toBe(0);
    // The collapsed item holds a value, so the form opens expanded and shows it.
    await s.page.getByRole('search').getByRole('button', { name: /收起/ }).waitFor();
    expect(s.pageErrors).toEqual([]);
  });

  it('goes back to the open tab as it was left when its menu entry is clicked again', async () => {
    await s.page.getByRole('tab', { name: /首页/ }).click();
    await s.page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await s.page.getByRole('menuitem', { name: /司机管理/ }).click();
    await s.page.waitForURL((url) => url.pathname === DRIVERS && url.searchParams.get('reviewStatus') === '2');
    await s.page.getByRole('row').nth(1).waitFor();
    await expect.poll(() => s.page.getByRole('cell', { name: /^(待审核|审核驳回)$/ }).count()).toBe(0);
  });
});

describe('the vehicle list finds papers about to lapse or lapsed (证件状态)', () => {
  const s = desktopSession();
  const VEHICLES = '/wlhy/hyvehicle/HyVehicleList';
  const dataRows = () => s.page.locator('tbody tr[data-row-key]');

  it('lists only vehicles with a lapsed document when 证件状态 is 已过期', async () => {
    await logIn(s.page, s.env, VEHICLES, 'ops');
    await s.page.waitForURL((url) => url.pathname === VEHICLES);
    const all = Number(/共 (\d+) 条/.exec((await s.page.getByText(/共 \d+ 条/).textContent()) ?? '')?.[1]);
    const query = s.page.getByRole('search');
    await query.getByRole('button', { name: /展开/ }).click();
    await chooseOption(s.page, query.getByLabel('证件状态'), '已过期');
    await query.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.waitForURL((url) => url.searchParams.get('expiry') === 'expired');
    await expect.poll(async () => Number(/共 (\d+) 条/.exec((await s.page.getByText(/共 \d+ 条/).textContent()) ?? '')?.[1])).toBeLessThan(all);
    const rows = await dataRows().allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    // The cells judge by the browser's day, the filter by Shanghai's: a paper lapsed there may show as due today here.
    for (const row of rows) expect(row).toMatch(/已过期|即将到期/);
    expect(s.pageErrors).toEqual([]);
  });

  it('opens ?state=expiring (a reminder link) with 即将到期 chosen and the list filtered', async () => {
    await s.page.goto(`${s.env.baseUrl}${VEHICLES}`);
    const total = async () => Number(/共 (\d+) 条/.exec((await s.page.getByText(/共 \d+ 条/).textContent()) ?? '')?.[1]);
    await s.page.getByText(/共 \d+ 条/).waitFor();
    const all = await total();
    await s.page.goto(`${s.env.baseUrl}${VEHICLES}?state=expiring`);
    await s.page.getByRole('search').getByText('即将到期').waitFor();
    await expect.poll(total).toBeLessThan(all);
    expect(await dataRows().count()).toBeGreaterThan(0);
    expect(s.pageErrors).toEqual([]);
  });
});

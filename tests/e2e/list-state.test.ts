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

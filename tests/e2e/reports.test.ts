import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

const REPORT = '/online/cgreport/driver_review_summary';

describe('an online report in the browser', () => {
  const s = desktopSession();

  it('runs a seeded report from the menu with a range filter and a server sort', async () => {
    await logIn(s.page, s.env, REPORT, 'ops');
    await s.page.waitForURL((url) => url.pathname === REPORT);
    await s.page.getByText('司机审核与信用统计').first().waitFor();
    await s.page.getByRole('menuitem', { name: /司机审核与信用统计/ }).waitFor();
    const rows = s.page.locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    // Dictionary texts, not codes, and a 合计 row.
    await s.page.getByRole('cell', { name: /^(待审核|审核通过|审核驳回|未提交)$/ }).first().waitFor();
    await s.page.getByText('合计').waitFor();

    // 司机数 is folded behind 展开; a range around one group's count keeps only groups of that size.
    const counts = (await rows.locator('td:nth-child(3)').allTextContents()).map(Number);
    const size = counts[0];
    await s.page.getByRole('button', { name: '展开' }).click();
    await s.page.getByLabel('司机数起').fill(String(size));
    await s.page.getByLabel('司机数止').fill(String(size));
    await s.page.getByRole('button', { name: /查\s*询/ }).click();
    await expect
      .poll(async () => {
        const shown = (await rows.locator('td:nth-child(3)').allTextContents()).map(Number);
        return shown.length > 0 && shown.length <= counts.length && shown.every((n) => n === size) ? shown.length : -1;
      })
      .toBe(counts.filter((n) => n === size).length);

    await s.page.getByRole('button', { name: '重置' }).click();
    await s.page.getByRole('columnheader', { name: /司机数/ }).last().click();
    await expect
      .poll(async () => {
        const counts = (await rows.locator('td:nth-child(3)').allTextContents()).map(Number);
        return counts.length > 1 && counts.every((n, i) => i === 0 || counts[i - 1] <= n);
      })
      .toBe(true);
    expect(s.pageErrors).toEqual([]);
  });

  // Issue 24: report pages are menu links opened through the one /online/cgreport/:code route.
  it('opens two reports one after the other from the side menu, each in its own tab', async () => {
    const tabTitles = () => s.page.getByRole('tab').allTextContents();
    const income = s.page.getByRole('menuitem', { name: /司机收入统计/ });
    // The folder is open already when the last screen was one of its reports.
    if (!(await income.isVisible())) await s.page.getByRole('menuitem', { name: /数据报表/ }).click();
    await income.click();
    await s.page.waitForURL((url) => url.pathname === '/online/cgreport/driver_income');
    await s.page.getByRole('columnheader', { name: /运费收入/ }).first().waitFor();
    await s.page.locator('tbody tr.ant-table-row').first().waitFor();
    await expect.poll(() => s.page.title()).toMatch(/^司机收入统计 - /);

    await s.page.getByRole('menuitem', { name: /司机审核与信用统计/ }).click();
    await s.page.waitForURL((url) => url.pathname === REPORT);
    await s.page.getByRole('columnheader', { name: /平均信用分/ }).first().waitFor();
    await expect.poll(tabTitles).toEqual(expect.arrayContaining(['司机收入统计', '司机审核与信用统计']));
    await s.page.getByRole('tab', { name: '司机收入统计' }).click();
    await s.page.waitForURL((url) => url.pathname === '/online/cgreport/driver_income');
    await s.page.getByRole('columnheader', { name: /运费收入/ }).first().waitFor();
    expect(s.pageErrors).toEqual([]);
  });
});

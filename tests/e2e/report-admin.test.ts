/**
 * Issue 7 in the browser: a report admin edits a seeded report in 报表配置 — its SQL (解析SQL keeps the columns'
 * settings, 预览 runs the draft) and a column title in the 报表列 grid — saves, and the report page shows the change
 * at once, without a restart.
 */
import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

const CONFIG = '/online/cgreportHead';
const REPORT = '/online/cgreport/driver_review_summary';
const NARROWED_SQL =
  "select vehicle_class, review_status, count(*)::int as drivers, round(avg(credit_score), 1) as avg_credit, min(credit_score) as min_credit, sum(case when credit_score < ${lowScore} then 1 else 0 end)::int as low_credit from hy_driver where review_status = '2' group by vehicle_class, review_status";

describe('report configuration in the browser', () => {
  const s = desktopSession();

  it('edits a report\'s SQL and a column title; the report shows both on its next load', async () => {
    const page = s.page;
    await logIn(page, s.env, CONFIG, 'admin');
    await page.waitForURL((url) => url.pathname === CONFIG);
    const row = page.getByRole('row').filter({ hasText: 'driver_review_summary' });
    await row.getByRole('button', { name: /编\s*辑/ }).click();

    await page.getByText('编辑报表配置').waitFor();
    // The code names the report's menu and permission: it is shown, not editable.
    await expect.poll(() => page.getByLabel('报表编码').isDisabled()).toBe(true);
    await page.getByLabel('报表SQL').fill(NARROWED_SQL);
    await page.getByRole('button', { name: '解析SQL' }).click();
    await page.getByText('解析成功：6个字段，1个参数').waitFor();

    // The columns kept their titles through the parse; rename one in the grid.
    const columns = page.getByRole('group', { name: '报表列' });
    const grid = columns.getByRole('grid');
    const titleCell = grid.getByRole('gridcell', { name: '司机数', exact: true });
    await titleCell.click();
    const title = grid.getByRole('textbox', { name: '标题' });
    await title.fill('司机人数');
    await title.press('Tab');

    // The preview runs the draft: only approved drivers, under the new title.
    await page.getByRole('button', { name: '预览', exact: true }).click();
    const preview = page.getByRole('table', { name: '报表预览' });
    await preview.getByRole('columnheader', { name: '司机人数' }).waitFor();
    await expect.poll(async () => new Set(await preview.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents())).toEqual(new Set(['审核通过']));

    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('编辑成功!').first().waitFor();

    await page.goto(`${s.env.baseUrl}${REPORT}`);
    await page.getByRole('columnheader', { name: '司机人数' }).first().waitFor();
    const rows = page.locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    await expect.poll(async () => new Set(await rows.locator('td:nth-child(2)').allTextContents())).toEqual(new Set(['审核通过']));
    expect(s.pageErrors).toEqual([]);
  });
});

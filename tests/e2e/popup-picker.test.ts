/**
 * The popup record picker in the browser: 运价's 适用司机 opens the seeded driver_picker report, two drivers chosen
 * there fill 适用司机 and 司机手机号 (comma-joined), and the saved rate shows the names in the list.
 */
import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

const RATES = '/wlhy/hyfreight/HyFreightRateList';

describe('popup record picker in the browser', () => {
  const s = desktopSession();

  it('fills the rate’s drivers from the picker, saves, and lists them', async () => {
    const page = s.page;
    await logIn(page, s.env, RATES, 'admin');
    await page.waitForURL((url) => url.pathname === RATES);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByRole('dialog').filter({ hasText: '新增运价' });
    await form.getByLabel('起运城市').fill('杭州');
    await form.getByLabel('到达城市').fill('合肥');
    await form.getByLabel('单价(元/吨)').fill('88');

    await form.getByLabel('适用司机').click();
    const picker = page.getByRole('dialog').filter({ hasText: '选择司机' });
    const rows = picker.locator('tbody tr.ant-table-row');
    await rows.nth(1).waitFor();
    // Cells: the checkbox, 司机姓名, 手机号, …
    const names = [await rows.nth(0).locator('td').nth(1).textContent(), await rows.nth(1).locator('td').nth(1).textContent()];
    const phones = [await rows.nth(0).locator('td').nth(2).textContent(), await rows.nth(1).locator('td').nth(2).textContent()];
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden' });

    await expect.poll(() => form.getByLabel('适用司机').inputValue()).toBe(names.join(','));
    expect(await form.getByLabel('司机手机号').inputValue()).toBe(phones.join(','));
    // The third destination takes the licence classes as stored (codes), one per chosen driver.
    expect((await form.getByLabel('准驾车型').inputValue()).split(',')).toHaveLength(2);

    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('添加成功').first().waitFor();
    await form.waitFor({ state: 'hidden' });
    const saved = page.getByRole('grid').locator('.grid-body [role="row"]').filter({ hasText: '合肥' });
    await saved.waitFor();
    await expect.poll(() => saved.textContent()).toContain(names.join(','));
    expect(s.pageErrors).toEqual([]);
  });
});

/**
 * Issue 22, item 5 in the browser: every category of the bell's 待办 tab opens a list showing exactly as many rows as
 * its count (月结账期待结算 4 used to open a list of 5, and 趟结待结算 the same list).
 */
import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

describe('the bell’s 待办 links in the browser', () => {
  const s = desktopSession();

  /** The categories the bell lists, with their counts. */
  async function todos(): Promise<Array<{ label: string; count: number }>> {
    await s.page.getByRole('button', { name: /^消息通知/ }).click();
    const panel = s.page.getByRole('dialog', { name: '消息通知' });
    await panel.getByRole('tab', { name: /^待办/ }).click();
    const body = panel.getByRole('tabpanel');
    await body.getByRole('link').or(body.getByText('暂无待办')).first().waitFor();
    const found: Array<{ label: string; count: number }> = [];
    for (const link of await body.getByRole('link').all()) {
      const count = Number(await link.locator('strong').first().innerText());
      found.push({ label: (await link.innerText()).replace(/\s*\d+\s*$/, '').trim(), count });
    }
    return found;
  }

  it('opens, for each category, a list of as many rows as it counts', async () => {
    await logIn(s.page, s.env, '/dashboard/analysis', 'ops');
    const categories = await todos();
    await s.page.keyboard.press('Escape');
    expect(categories.map((c) => c.label)).toEqual(expect.arrayContaining(['月结账期待结算']));
    for (const { label, count } of categories) {
      await s.page.getByRole('button', { name: /^消息通知/ }).click();
      const panel = s.page.getByRole('dialog', { name: '消息通知' });
      await panel.getByRole('tab', { name: /^待办/ }).click();
      await panel.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await panel.waitFor({ state: 'hidden' });
      // Kept-alive tabs stay in the page hidden: only the shown list's total counts.
      const total = s.page.getByText(/^共 \d+ 条$/).filter({ visible: true });
      await expect.poll(async () => (await total.count()) === 1 ? total.innerText() : '', { message: label }).toBe(`共 ${count} 条`);
    }
    expect(s.pageErrors).toEqual([]);
  });
});

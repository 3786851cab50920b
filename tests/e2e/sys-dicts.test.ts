/**
 * 数据字典 in the browser: admin opens a dictionary's items (字典配置 → the child-list drawer), adds an item there, and
 * the item is at once what pickers get from getDictItems.
 */
import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

const DICTS = '/isystem/dict';

describe('dictionary administration in the browser', () => {
  const s = desktopSession();

  it("lists a dictionary's items in a drawer and adds one with the dictionary filled in", async () => {
    const { page, env } = s;
    // Filtered through the URL: the seeded dictionaries fill more than one page.
    await logIn(page, env, `${DICTS}?dictCode=priority`, 'admin');
    await page.waitForURL((url) => url.pathname === DICTS);

    const row = page.locator('tbody tr.ant-table-row', { hasText: 'priority' });
    await row.waitFor();
    await row.getByRole('button', { name: '字典配置' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '字典项' });
    const items = drawer.locator('tbody tr.ant-table-row');
    await drawer.locator('tbody tr.ant-table-row', { hasText: '中' }).waitFor();
    expect(await items.allInnerTexts()).toHaveLength(3);
    // Only this dictionary's items: 男 belongs to 性别.
    expect(await drawer.getByText('男', { exact: true }).count()).toBe(0);

    await drawer.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByRole('dialog').filter({ hasText: '新增字典项' });
    await form.getByLabel('名称').fill('紧急');
    await form.getByLabel('数据值').fill('U');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden' });
    await drawer.locator('tbody tr.ant-table-row', { hasText: '紧急' }).waitFor();
    expect(await items.count()).toBe(4);

    expect(env.ctx.dicts.items('priority')?.map((item) => item.text)).toContain('紧急');
  });
});

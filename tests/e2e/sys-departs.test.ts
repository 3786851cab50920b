/**
 * 部门管理 in the browser: admin opens the department tree, opens a department to see its sub-departments, adds one
 * under it with a server-made code, and deletes a department that still has members only after the server's
 * question is confirmed.
 */
import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

const DEPARTS = '/isystem/depart';

describe('department administration in the browser', () => {
  const s = desktopSession();

  it('shows sub-departments, adds one, and deletes a department with members after confirming', async () => {
    const { page, env } = s;
    await logIn(page, env, DEPARTS, 'admin');
    await page.waitForURL((url) => url.pathname === DEPARTS);

    const platform = page.locator('tbody tr.ant-table-row', { hasText: '平台运营中心' });
    await platform.waitFor();
    expect(await page.getByText('运营部', { exact: true }).count()).toBe(0);
    await platform.getByRole('button', { name: /展开|Expand/ }).click();
    await page.locator('tbody tr.ant-table-row', { hasText: '运营部' }).waitFor();
    await page.locator('tbody tr.ant-table-row', { hasText: '财务部' }).waitFor();

    await platform.getByRole('button', { name: '添加子级' }).click();
    const form = page.getByRole('dialog').filter({ hasText: '新增部门' });
    await form.getByLabel('机构名称').fill('结算部');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden' });
    const added = await env.ctx.db.selectFrom('sys_depart').select(['org_code', 'parent_id']).where('depart_name', '=', '结算部').executeTakeFirstOrThrow();
    expect(added).toEqual({ org_code: 'A01A03', parent_id: 'd-platform' });

    // 平台运营中心 has sub-departments and admin as a member: the server asks first.
    const root = page.locator('tbody tr.ant-table-row', { hasText: '平台运营中心' });
    await root.getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: /确\s*定/ }).click();
    const question = page.locator('.ant-modal-confirm', { hasText: '确定删除吗？' });
    await question.waitFor();
    expect(await question.innerText()).toContain('部门“平台运营中心”下还有3个下级部门和');
    expect(await env.ctx.db.selectFrom('sys_depart').select('id').where('id', '=', 'd-platform').executeTakeFirst()).toBeDefined();
    await question.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('tbody tr.ant-table-row', { hasText: '平台运营中心' }).waitFor({ state: 'detached' });
    expect(await env.ctx.db.selectFrom('sys_depart').select('id').where('id', 'in', ['d-platform', 'd-ops']).execute()).toEqual([]);
    expect(s.pageErrors).toEqual([]);
  });
});

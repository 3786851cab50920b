/**
 * Department roles in the browser: admin creates a role of 运营部, grants it 用户管理's 查询 through the 授权 drawer
 * (which offers only the department's permissions), gives it to ops through the 用户 drawer, and ops then sees 用户管理.
 */
import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

describe('department roles in the browser', () => {
  const s = desktopSession();
  const rowOf = (text: string) => s.page.locator('tbody tr.ant-table-row', { hasText: text });

  it('creates a department role, grants it within the department and assigns a member who then sees the page', async () => {
    const db = s.env.ctx.db;
    const rows = await db.selectFrom('sys_permission').select(['id', 'url', 'perms', 'parent_id']).where('del_flag', '=', 0).execute();
    const page = rows.find((r) => r.url === '/isystem/user')!;
    const button = rows.find((r) => r.perms === 'system:user:list')!;
    await db.insertInto('sys_depart_permission')
      .values([page.parent_id!, page.id, button.id].map((permission_id) => ({ depart_id: 'd-ops', permission_id })))
      .execute();

    await logIn(s.page, s.env, '/isystem/departRole', 'admin');
    await s.page.waitForURL((url) => url.pathname === '/isystem/departRole');
    await s.page.getByRole('button', { name: /新\s*增/ }).first().click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByLabel('所属部门').click();
    const departments = s.page.locator('.ant-select-dropdown:visible');
    await departments.getByTitle('运营部', { exact: true }).click();
    // One department: picking it closes the list (an Escape now would close the dialog).
    await departments.waitFor({ state: 'hidden' });
    await dialog.getByLabel('部门角色名称').fill('调度组长');
    await dialog.getByLabel('部门角色编码').fill('dispatch lead');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('部门角色编码只能包含字母、数字和下划线').waitFor();
    await dialog.getByLabel('部门角色编码').fill('dispatch_lead');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('添加成功！').waitFor();
    const row = rowOf('调度组长');
    await row.getByRole('cell', { name: '运营部', exact: true }).waitFor();

    await row.getByRole('button', { name: '授权' }).click();
    const drawer = s.page.locator('.ant-drawer', { hasText: '部门角色权限配置' });
    await drawer.getByText('展开全部').click();
    await drawer.locator('.ant-tree-treenode', { hasText: '用户管理' }).first().waitFor();
    expect(await drawer.locator('.ant-tree-treenode', { hasText: '角色管理' }).count()).toBe(0);
    await drawer.getByRole('switch', { name: '父子关联' }).click();
    await drawer.locator('.ant-tree-treenode', { hasText: '查询用户' }).locator('.ant-tree-checkbox').click();
    await drawer.getByText(/已选 3 项/).waitFor();
    await drawer.getByRole('button', { name: /保存并关闭/ }).click();
    await s.page.getByText('保存成功！').first().waitFor();
    await drawer.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: '用户' }).click();
    const members = s.page.locator('.ant-drawer', { hasText: '部门角色用户' });
    await members.getByRole('button', { name: /新\s*增/ }).click();
    const form = s.page.getByRole('dialog').last();
    await form.getByLabel('用户').fill('ops');
    await s.page.locator('.ant-select-dropdown:visible').getByText('运营专员（ops）').click();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('添加成功！').first().waitFor();
    await members.locator('tbody tr.ant-table-row', { hasText: '运营专员' }).waitFor();

    const opsContext = await s.env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const opsPage = await opsContext.newPage();
      await logIn(opsPage, s.env, '/isystem/user', 'ops');
      await opsPage.waitForURL((url) => url.pathname === '/isystem/user');
      await opsPage.locator('tbody tr.ant-table-row', { hasText: '系统管理员' }).waitFor();
    } finally {
      await opsContext.close();
    }
    expect(s.pageErrors).toEqual([]);
  });
});

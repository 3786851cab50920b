/**
 * Issue 5's scenario: admin creates a role, grants it one menu and one button through the 授权 drawer, a user
 * with that role sees exactly that menu and that button, and freezing the user ends their open session.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseOption, desktopSession, logIn } from './harness.ts';

const ROLES = '/isystem/role';
const DRIVERS = '/wlhy/hydriver/HyDriverList';

async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('pro__Access-Token'));
  return (JSON.parse(raw ?? '{}') as { value?: string }).value ?? '';
}

describe('role authorisation in the browser', () => {
  const s = desktopSession();

  it('grants a role one menu and one button, shows exactly those to its user, and a freeze ends the session', async () => {
    const { page, env } = s;
    await logIn(page, env, ROLES, 'admin');
    await page.waitForURL((url) => url.pathname === ROLES);

    // 新增 a role on the roles screen.
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('角色名称').fill('调度文员');
    await form.getByLabel('角色编码').fill('dispatch_clerk');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden' });
    const row = page.locator('tbody tr.ant-table-row', { hasText: 'dispatch_clerk' });
    await row.waitFor();

    // 授权: with 父子关联 on, checking the 新增 button also checks its page and folder.
    await row.getByRole('button', { name: '授权' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '角色权限配置' });
    await drawer.getByText('展开全部').click();
    await drawer.getByRole('switch', { name: '父子关联' }).click();
    await drawer.locator('.ant-tree-treenode', { hasText: '新增司机' }).locator('.ant-tree-checkbox').click();
    await drawer.getByText(/已选 3 项/).waitFor();
    await drawer.getByRole('button', { name: /保存并关闭/ }).click();
    await page.getByText('保存成功！').first().waitFor();
    await drawer.waitFor({ state: 'hidden' });

    // A user with that role (through the users API, as the users screen would send it).
    const admin = await tokenOf(page);
    const role = await env.app.inject({ method: 'GET', url: '/jeecg-boot/sys/role/list?roleCode=dispatch_clerk', headers: { 'x-access-token': admin } });
    const roleId = (role.json() as { result: { records: Array<{ id: string }> } }).result.records[0].id;
    const added = await env.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/user/add',
      headers: { 'x-access-token': admin },
      payload: { username: 'clerk7', realname: '文员七', password: 'Clerk@2026x', userType: '1', status: '1', selectedroles: roleId },
    });
    expect(added.json().success, added.json().message).toBe(true);

    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const clerk = await context.newPage();
    try {
      await logIn(clerk, env, DRIVERS, 'clerk7', 'Clerk@2026x');
      await clerk.waitForURL((url) => url.pathname === DRIVERS);
      const nav = clerk.getByRole('navigation', { name: '主菜单' });
      await nav.getByRole('menuitem', { name: '司机管理' }).waitFor();
      expect((await nav.getByRole('menuitem').allInnerTexts()).map((t) => t.trim())).toEqual(['网络货运', '司机管理']);
      await clerk.getByRole('button', { name: '新增', exact: true }).waitFor();
      expect(await clerk.getByRole('button', { name: /导\s*出/ }).count()).toBe(0);
      expect(await clerk.getByRole('button', { name: '批量删除' }).count()).toBe(0);

      // Admin freezes the user; their next request meets an ended session.
      const userList = await env.app.inject({ method: 'GET', url: '/jeecg-boot/sys/user/list?username=clerk7', headers: { 'x-access-token': admin } });
      const userId = (userList.json() as { result: { records: Array<{ id: string }> } }).result.records[0].id;
      const frozen = await env.app.inject({ method: 'PUT', url: '/jeecg-boot/sys/user/frozenBatch', headers: { 'x-access-token': admin }, payload: { ids: userId, status: '2' } });
      expect(frozen.json().success, frozen.json().message).toBe(true);
      await clerk.getByRole('button', { name: /查\s*询/ }).first().click();
      await clerk.getByText('很抱歉，登录已过期，请重新登录').waitFor();
    } finally {
      await context.close();
    }
    expect(s.pageErrors).toEqual([]);
  });

  it('edits the menu tree: a button under a page needs its perms, then appears in the tree', async () => {
    const { env } = s;
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await logIn(page, env, '/isystem/permission', 'admin');
    await page.waitForURL((url) => url.pathname === '/isystem/permission');
    // The name cell also holds the expand button (no text), so match the cell's text exactly.
    const rowOf = (name: string) => page.locator('tbody tr.ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${name}$`) }) });
    await rowOf('系统管理').locator('.ant-table-row-expand-icon').click();
    await rowOf('菜单管理').getByRole('button', { name: '添加子级' }).click();
    const form = page.getByRole('dialog');
    await form.getByText('按钮/权限', { exact: true }).click();
    await form.getByLabel('菜单名称').fill('审计菜单');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('按钮必须填写授权标识').first().waitFor();
    await form.getByLabel('授权标识').fill('system:permission:audit');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('添加成功！').first().waitFor();
    await form.waitFor({ state: 'hidden' });
    // The list reloads collapsed after a save.
    await rowOf('系统管理').locator('.ant-table-row-expand-icon').click();
    await rowOf('菜单管理').locator('.ant-table-row-expand-icon').click();
    await rowOf('审计菜单').getByRole('cell', { name: 'system:permission:audit' }).waitFor();

    // A page's data rules: the row's 数据规则 drawer lists and adds them.
    await rowOf('菜单管理').getByRole('button', { name: '数据规则' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '数据权限规则' });
    await drawer.getByRole('button', { name: '新增', exact: true }).click();
    const ruleForm = page.locator('.ant-modal', { hasText: '新增数据规则' });
    await ruleForm.getByLabel('规则名称').fill('只看系统菜单');
    await ruleForm.getByLabel('规则字段').fill('name');
    await chooseOption(page, ruleForm.getByLabel('条件规则'), '包含');
    await ruleForm.getByLabel('规则值').fill('系统');
    await ruleForm.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.locator('tbody tr.ant-table-row', { hasText: '只看系统菜单' }).waitFor();
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

const USERS = '/isystem/user';

describe('an administrator manages users in the browser', () => {
  const s = desktopSession();
  const rowOf = (text: string) => s.page.locator('tbody tr.ant-table-row', { hasText: text });

  it('opens 用户管理, adds a user with a role, finds them in the list and freezes them', async () => {
    await logIn(s.page, s.env, USERS, 'admin');
    await s.page.waitForURL((url) => url.pathname === USERS);
    await rowOf('运营专员').waitFor();

    await s.page.getByRole('button', { name: /新\s*增/ }).first().click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByText('新增用户').waitFor();
    await dialog.getByLabel('用户账号').fill('dispatcher01');
    await dialog.getByLabel('用户姓名').fill('调度小王');
    await dialog.getByLabel('登录密码').fill('weakpass');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!').waitFor();

    await dialog.getByLabel('登录密码').fill('Dispatch#2026');
    await dialog.getByLabel('手机号码').fill('13911112222');
    // A multi-select stays open after a pick; a person closes it and sees the picked role as a tag.
    await dialog.getByLabel('角色').click();
    await s.page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText('运营人员', { exact: true }).click();
    await s.page.keyboard.press('Escape');
    await dialog.locator('.ant-select-selection-item', { hasText: '运营人员' }).waitFor();
    await dialog.getByLabel('所属部门').click();
    await s.page.locator('.ant-select-dropdown:visible').getByTitle('运营部', { exact: true }).click();
    await s.page.keyboard.press('Escape');
    await dialog.locator('.ant-select-selection-item', { hasText: '运营部' }).waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('添加成功！').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const query = s.page.getByRole('search');
    await query.getByLabel('用户账号').fill('dispatcher01');
    await query.getByRole('button', { name: /查\s*询/ }).click();
    await s.page.getByText('共 1 条').waitFor();
    const row = rowOf('调度小王');
    await row.getByRole('cell', { name: '正常', exact: true }).waitFor();
    await row.getByRole('cell', { name: '运营部', exact: true }).waitFor();

    await row.getByRole('button', { name: /冻\s*结/ }).click();
    const popconfirm = s.page.locator('.ant-popconfirm:visible');
    await popconfirm.getByText('确定冻结吗? 冻结后该用户立即退出登录').waitFor();
    await popconfirm.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('冻结成功!').waitFor();
    await row.getByRole('cell', { name: '冻结', exact: true }).waitFor();
    await row.getByRole('button', { name: /解\s*冻/ }).waitFor();

    const stored = await s.env.ctx.db.selectFrom('sys_user as u').innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id').select(['u.status', 'r.role_code']).where('u.username', '=', 'dispatcher01').execute();
    expect(stored).toEqual([{ status: 2, role_code: 'ops' }]);
    expect(s.pageErrors).toEqual([]);
  });
});

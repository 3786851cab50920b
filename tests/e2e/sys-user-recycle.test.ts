import { describe, expect, it } from 'vitest';
import { desktopSession, logIn } from './harness.ts';

describe('an administrator uses the user recycle bin and the users Excel buttons in the browser', () => {
  const s = desktopSession();
  const rowOf = (text: string) => s.page.locator('tbody tr.ant-table-row', { hasText: text });

  it('shows 导出 and 导入 on 用户管理', async () => {
    await logIn(s.page, s.env, '/isystem/user', 'admin');
    await s.page.waitForURL((url) => url.pathname === '/isystem/user');
    await rowOf('运营专员').waitFor();
    await s.page.getByRole('button', { name: /导\s*出/ }).waitFor();
    await s.page.getByRole('button', { name: /导\s*入/ }).waitFor();
  });

  it('restores a deleted user from 用户回收站 and purges another for good', async () => {
    await s.env.ctx.db.updateTable('sys_user').set({ del_flag: 1 }).where('username', '=', 'shipperadmin').execute();
    const hash = (await s.env.ctx.db.selectFrom('sys_user').select('password_hash').where('username', '=', 'ops').executeTakeFirstOrThrow()).password_hash;
    await s.env.ctx.db.insertInto('sys_user')
      .values({ id: 'u-bin-e2e', username: 'leftover', realname: '离职员工', password_hash: hash, status: 1, del_flag: 1, user_type: 1, rel_tenant_ids: '1' })
      .execute();
    await s.page.goto(`${s.env.baseUrl}/isystem/userRecycleBin`);
    await s.page.waitForURL((url) => url.pathname === '/isystem/userRecycleBin');
    const restored = rowOf('货主管理员');
    await restored.waitFor();
    await rowOf('离职员工').waitFor();
    // With the demo database's own former employee (刘洋, server/seed/demo-system.ts).
    await rowOf('刘洋').waitFor();
    await s.page.getByText('共 3 条').waitFor();

    await restored.getByRole('button', { name: /还\s*原/ }).click();
    const popconfirm = s.page.locator('.ant-popconfirm:visible');
    await popconfirm.getByText('确定还原吗? 还原后用户可以重新登录').waitFor();
    await popconfirm.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('还原成功').waitFor();
    await restored.waitFor({ state: 'detached' });

    const purged = rowOf('离职员工');
    await purged.getByRole('button', { name: /彻底删除/ }).click();
    const confirm = s.page.locator('.ant-popconfirm:visible');
    await confirm.getByText('确定彻底删除吗? 删除后无法恢复').waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await s.page.getByText('删除成功').waitFor();
    await purged.waitFor({ state: 'detached' });

    const rows = await s.env.ctx.db.selectFrom('sys_user').select(['username', 'del_flag']).where('username', 'in', ['shipperadmin', 'leftover']).execute();
    expect(rows).toEqual([{ username: 'shipperadmin', del_flag: 0 }]);
    expect(s.pageErrors).toEqual([]);
  });
});

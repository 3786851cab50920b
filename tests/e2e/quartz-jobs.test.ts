import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { desktopSession, logIn } from './harness.ts';

const JOBS = '/isystem/quartzJob';

describe('an admin schedules jobs in the browser', () => {
  const session = desktopSession();

  it('edits a cron with a live preview of the next runs, runs the job once and stops it', async () => {
    const { page, env } = session;
    await logIn(page, env, JOBS, 'admin');
    await page.waitForURL((url) => url.pathname === JOBS);
    const row = page.locator('tbody tr.ant-table-row', { hasText: '清理过期会话' });
    await row.waitFor();

    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.getByRole('dialog');
    const cron = dialog.getByLabel('Cron表达式');
    await expect(cron.inputValue()).resolves.toBe('0 30 3 * * ?');
    // The stored expression is previewed by the server: five daily times at 03:30.
    const times = dialog.getByRole('list', { name: '最近执行时间' }).getByRole('listitem');
    await times.nth(4).waitFor();
    expect((await times.allTextContents()).every((text) => text.endsWith(' 03:30:00'))).toBe(true);

    await cron.fill('0 0 4 * *');
    await dialog.getByRole('alert').getByText('Cron表达式应有6或7段（秒 分 时 日 月 周 [年]），当前为5段').waitFor();
    await cron.fill('0 15 4 ? * MON');
    await dialog.getByText('最近5次执行时间：').waitFor();
    await page.waitForFunction(() => {
      const items = [...document.querySelectorAll('[aria-label="最近执行时间"] li')].map((li) => li.textContent ?? '');
      return items.length === 5 && items.every((text) => text.endsWith(' 04:15:00'));
    });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: '0 15 4 ? * MON', exact: true }).waitFor();

    // Three row operations apply (停止, 执行一次, 执行记录): they fold under 更多, and a confirm becomes a dialog.
    const rowAction = async (label: string) => {
      await row.getByRole('button', { name: /更\s*多/ }).hover();
      await page.getByRole('menuitem', { name: label }).click();
    };
    await rowAction('执行一次');
    const confirm = page.locator('.ant-modal:visible', { hasText: '确定立即执行一次吗?' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(/执行成功：已删除结束超过7天的会话/).waitFor();
    const runs = await sql<{ outcome: string; triggered_by: string }>`select outcome, triggered_by from sys_quartz_job_run`.execute(env.ctx.db);
    expect(runs.rows).toEqual([{ outcome: 'success', triggered_by: 'admin' }]);

    // 执行记录 opens the job's run history in a drawer.
    await rowAction('执行记录');
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.locator('tbody tr.ant-table-row', { hasText: '手动' }).getByText(/已删除结束超过7天的会话/).waitFor();
    await drawer.getByText('共 1 条').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await rowAction('停止');
    await page.locator('.ant-modal:visible', { hasText: '确定停止任务吗?' }).getByRole('button', { name: /确\s*定/ }).click();
    await row.getByRole('cell', { name: '停止', exact: true }).waitFor();
    expect(session.pageErrors).toEqual([]);
  });
});

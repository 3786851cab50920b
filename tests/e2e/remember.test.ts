import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openLoginPage, startE2e, type E2eEnv } from './harness.ts';
import { peekCaptcha } from '../../server/auth/captcha.ts';

const HOME = '/dashboard/analysis';

describe('自动登录 (remember me)', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('signs a remembered browser back in when its session has expired, but not after logging out', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const key = await openLoginPage(page, env, '/user/login');
    await page.getByPlaceholder('请输入帐户名').fill('ops');
    await page.getByPlaceholder('请输入密码').fill('Freight@2026');
    await page.getByPlaceholder('请输入验证码').fill((await peekCaptcha(env.kv, key))!);
    await page.getByRole('checkbox', { name: '自动登录' }).check();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => url.pathname === HOME);
    await page.getByLabel(/用户菜单 运营专员/).waitFor();

    // The session runs out (as after seven days); the remembered value has not.
    await sql`update sys_session set expires_at = now() - interval '1 minute'`.execute(env.ctx.db);
    await page.reload();
    // The expired session is noticed, the login page signs straight back in with the remembered value, and the
    // 登录已过期 dialog closes by itself: there is nothing to click.
    const back = page.getByLabel(/用户菜单 运营专员/);
    const signedBackIn = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from sys_session where expires_at > now()`.execute(env.ctx.db);
      return rows[0].n > 0;
    };
    try {
      for (let waited = 0; !(await signedBackIn()); waited += 100) {
        if (waited > 30_000) throw new Error('no new session after 30 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await page.waitForURL((url) => url.pathname === HOME);
      await back.waitFor();
      await page.getByRole('button', { name: '重新登录' }).waitFor({ state: 'hidden' });
    } catch (error: unknown) {
      // Say where the browser stayed and what it showed: this step has failed now and then on a loaded CI box.
      const shown = (await page.locator('body').innerText().catch(() => '')).slice(0, 300).replace(/\s+/g, ' ');
      throw new Error(`not back home: at ${page.url()}, showing "${shown}" (${String(error)})`);
    }
    expect(await page.getByPlaceholder('请输入验证码').count()).toBe(0);

    await page.getByText('退出登录', { exact: true }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    await page.reload();
    await page.getByPlaceholder('请输入帐户名').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from sys_remember_token`.execute(env.ctx.db);
    expect(rows[0].n).toBe(0);
    await context.close();
  });
});

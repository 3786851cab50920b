import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { peekCaptcha } from '../../server/auth/captcha.ts';
import { startE2e, type E2eEnv } from './harness.ts';

describe('other ways in: phone code and the shipper login page', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** The newest message in the outbox for a number, as staff read it on the 短信发件箱 screen. */
  async function textedCode(mobile: string): Promise<string> {
    const { rows } = await sql<{ content: string }>`select content from sys_sms_outbox where mobile = ${mobile}
      order by create_time desc limit 1`.execute(env.ctx.db);
    return /(\d{6})/.exec(rows[0]?.content ?? '')?.[1] ?? '';
  }

  it('signs in with a code texted to the phone', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/user/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    const form = page.getByRole('form', { name: '手机号登录' });
    await form.getByPlaceholder('请输入手机号').fill('13800000002');
    await form.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').first().waitFor();
    await form.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await form.getByPlaceholder('请输入短信验证码').fill(await textedCode('13800000002'));
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await page.getByText('运营专员').first().waitFor();
    await context.close();
  });

  it('shows a wrong code as the server says', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/user/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    const form = page.getByRole('form', { name: '手机号登录' });
    await form.getByPlaceholder('请输入手机号').fill('13800000001');
    await form.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').first().waitFor();
    const code = await textedCode('13800000001');
    await form.getByPlaceholder('请输入短信验证码').fill(code === '000000' ? '111111' : '000000');
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await form.getByText('手机验证码错误').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await context.close();
  });

  it('admits shippers but not staff on the shipper login page', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    for (const [username, expectation] of [
      ['ops', '该入口仅供货主登录，请使用平台登录页'],
      ['shipperadmin', null],
    ] as const) {
      const captcha = page.waitForResponse((r) => r.url().includes('/sys/randomImage/'));
      await page.goto(`${env.baseUrl}/user/login3`);
      const key = decodeURIComponent(new URL((await captcha).url()).pathname.split('/').pop()!);
      await page.getByText('货主登录').waitFor();
      await page.getByPlaceholder('请输入帐户名').fill(username);
      await page.getByPlaceholder('请输入密码').fill('Freight@2026');
      await page.getByPlaceholder('请输入验证码').fill((await peekCaptcha(env.kv, key)) ?? '');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      if (expectation) await page.getByRole('alert').getByText(expectation).first().waitFor();
      else await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    }
    await context.close();
  });
});

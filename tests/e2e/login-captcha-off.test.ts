/**
 * Issue 22, item 10: with LOGIN_CAPTCHA=off a person signs in without any captcha field, until the account has
 * failed three times: then the server demands one (code 412) and the page shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peekCaptcha } from '../../server/auth/captcha.ts';
import { startE2e, type E2eEnv } from './harness.ts';

describe('the login page with LOGIN_CAPTCHA=off', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e({ captchaEnabled: false });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('signs in with username and password only', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/user/login`);
    await page.getByPlaceholder('请输入帐户名').fill('ops');
    await page.getByPlaceholder('请输入密码').fill('Freight@2026');
    expect(await page.getByPlaceholder('请输入验证码').count()).toBe(0);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await context.close();
  });

  it('shows the captcha once the server demands it after repeated failures, and signs in with it', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/user/login`);
    await page.getByPlaceholder('请输入帐户名').fill('shipper');
    const password = page.getByPlaceholder('请输入密码');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await password.fill(`wrong-${attempt}`);
      const answered = page.waitForResponse((r) => r.url().includes('/sys/login'));
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await answered;
    }
    expect(await page.getByPlaceholder('请输入验证码').count()).toBe(0);
    await password.fill('Freight@2026');
    const image = page.waitForResponse((r) => r.url().includes('/sys/randomImage/'));
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('登录失败次数较多，请输入验证码').first().waitFor();
    const key = decodeURIComponent(new URL((await image).url()).pathname.split('/').pop()!);
    await page.getByRole('img', { name: '验证码', exact: true }).waitFor();
    const answer = await peekCaptcha(env.kv, key);
    expect(answer).toBeTruthy();
    await page.getByPlaceholder('请输入验证码').fill(answer!);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await context.close();
  });
});

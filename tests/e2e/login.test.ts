import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, openLoginPage, startE2e, submitPasswordLogin, textedCode, type E2eEnv } from './harness.ts';

describe('other ways in: phone code and the shipper login page', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    await env?.close();
  });

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
    await form.getByPlaceholder('请输入短信验证码').fill(await textedCode(env, '13800000002'));
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
    const code = await textedCode(env, '13800000001');
    await form.getByPlaceholder('请输入短信验证码').fill(code === '000000' ? '111111' : '000000');
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await form.getByText('手机验证码错误').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await context.close();
  });

  it('admits shippers but not staff on the shipper login page', async () => {
    const context = await env.browser.newContext();
    for (const [username, expectation] of [
      ['ops', '该入口仅供货主登录，请使用平台登录页'],
      ['shipperadmin', null],
    ] as const) {
      // A page of its own per attempt: a refused login refreshes the captcha, and that late answer must not be
      // mistaken for the next page's captcha.
      const page = await context.newPage();
      const key = await openLoginPage(page, env, '/user/login3');
      await page.getByText('货主登录').waitFor();
      await submitPasswordLogin(page, env, key, username);
      if (expectation) await page.getByRole('alert').getByText(expectation).first().waitFor();
      else await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    }
    await context.close();
  });
});

describe('a person who forgot their password', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('resets it by phone and signs in with the new one', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/user/login`);
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL((url) => url.pathname === '/user/alteration');
    const phoneStep = page.getByRole('form', { name: '验证手机' });
    await phoneStep.getByPlaceholder('请输入手机号').fill('13800000004');
    await phoneStep.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').first().waitFor();
    await phoneStep.getByPlaceholder('请输入短信验证码').fill(await textedCode(env, '13800000004'));
    await phoneStep.getByRole('button', { name: '下一步' }).click();
    const passwordStep = page.getByRole('form', { name: '设置新密码' });
    await passwordStep.getByText('账号：shipperadmin').waitFor();
    await passwordStep.getByPlaceholder('请输入新密码').fill('weakpass');
    await passwordStep.getByPlaceholder('请确认新密码').fill('weakpass');
    await passwordStep.getByRole('button', { name: /确\s*定/ }).click();
    await passwordStep.getByText('密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!').waitFor();
    await passwordStep.getByPlaceholder('请输入新密码').fill('Reset@2026');
    await passwordStep.getByPlaceholder('请确认新密码').fill('Reset@2026');
    await passwordStep.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('密码重置成功!').waitFor();
    await page.getByRole('link', { name: '返回登录' }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    const key = await openLoginPage(page, env, { reload: true });
    await submitPasswordLogin(page, env, key, 'shipperadmin', 'Reset@2026');
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    expect(new URL(page.url()).pathname).toBe('/dashboard/analysis');
    await context.close();
  });
});

describe('a user whose password was reset by an administrator', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('must change it right after signing in, and only then sees the app', async () => {
    await env.ctx.db.updateTable('sys_user').set({ must_change_password: true }).where('username', '=', 'ops').execute();
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await logIn(page, env, '/wlhy/hydriver/HyDriverList', 'ops');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('首次登录或密码已被重置，请先修改密码。').waitFor();
    expect(await dialog.getByRole('button', { name: /取\s*消/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.getByText('首次登录或密码已被重置，请先修改密码。').waitFor();
    await dialog.getByPlaceholder('请输入旧密码').fill('Freight@2026');
    await dialog.getByPlaceholder('请输入新密码').fill('Changed@2026');
    await dialog.getByPlaceholder('请确认新密码').fill('Changed@2026');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('共 60 条').waitFor();
    expect(new URL(page.url()).pathname).toBe('/wlhy/hydriver/HyDriverList');
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { logIn, startE2e, type E2eEnv } from './harness.ts';

const HOME = '/dashboard/analysis';
const OLD_PASSWORD = 'Freight@2026';
const NEW_PASSWORD = 'New@Pass2026';

describe('a staff member changes their password from the header', () => {
  let env: E2eEnv;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  /** A fresh browser (no stored session) per login, as a person on another machine would be. */
  async function freshPage(): Promise<Page> {
    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await env?.close();
  });

  it('refuses a mismatched confirmation, changes the password, logs out and logs in with the new one', async () => {
    const page = await freshPage();
    await logIn(page, env, HOME, 'ops', OLD_PASSWORD);
    await page.waitForURL((url) => url.pathname === HOME);

    await page.getByLabel(/用户菜单/).click();
    await page.getByRole('menuitem', { name: /修改密码/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('修改密码').first().waitFor();
    await dialog.getByLabel('旧密码', { exact: true }).fill(OLD_PASSWORD);
    await dialog.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('确认新密码', { exact: true }).fill('Other@Pass2026');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('两次输入的密码不一样！').waitFor();

    await dialog.getByLabel('确认新密码', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('密码重置成功!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByText('退出登录', { exact: true }).first().click();
    await page.getByRole('dialog').getByText('真的要注销登录吗 ?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');

    const next = await freshPage();
    await logIn(next, env, HOME, 'ops', NEW_PASSWORD);
    await next.waitForURL((url) => url.pathname === HOME);
    await next.getByLabel(/用户菜单 运营专员/).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

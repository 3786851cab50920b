/**
 * Browser tests drive the real built app (dist/) served by the real server, started in this process on an
 * ephemeral port with an in-memory PGlite and the captcha ON: the test reads the captcha answer from the server's
 * own store for the key the page asked for, so no test-only bypass exists in the server.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../server/app.ts';
import { configFromEnv, ROOT } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { MemoryKv } from '../../server/core/kv.ts';
import { peekCaptcha } from '../../server/auth/captcha.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../server/context.ts';

export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--no-first-run', '--disable-quic', '--disable-sync',
];

export interface E2eEnv {
  baseUrl: string;
  browser: Browser;
  app: FastifyInstance;
  /** The server's context: its database, for reading what staff would read (e.g. the SMS outbox). */
  ctx: AppContext;
  kv: MemoryKv;
  close(): Promise<void>;
}

export async function startE2e(): Promise<E2eEnv> {
  const webDir = path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  }
  process.env.LOG_LEVEL = 'silent';
  const database = await openDatabase({});
  const kv = new MemoryKv();
  const config = { ...configFromEnv({}), captchaEnabled: true, seedDrivers: 60, webDir, port: 0, host: '127.0.0.1' };
  const { app, ctx } = await buildApp(config, database, kv);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    app,
    ctx,
    kv,
    async close() {
      await browser.close();
      await app.close();
      await database.close();
    },
  };
}

/**
 * Opens `target` (a path), which sends a logged-out person to the login page, and fills the login form like a
 * person, reading the captcha the page is showing.
 */
export async function logIn(page: Page, env: E2eEnv, target: string, username: string, password = 'Freight@2026'): Promise<void> {
  const key = await openLoginPage(page, env, target);
  await submitPasswordLogin(page, env, key, username, password);
}

/** Opens `target` (a path or, with `reload`, the current page again) and returns the captcha key it asked for. */
export async function openLoginPage(page: Page, env: E2eEnv, target: string | { reload: true }): Promise<string> {
  const captchaResponse = page.waitForResponse((r) => r.url().includes('/sys/randomImage/'));
  if (typeof target === 'string') await page.goto(`${env.baseUrl}${target}`);
  else await page.reload();
  const response = await captchaResponse;
  return decodeURIComponent(new URL(response.url()).pathname.split('/').pop()!);
}

/** Fills username, password and the captcha for `key`, then presses 登录. */
export async function submitPasswordLogin(page: Page, env: E2eEnv, key: string, username: string, password = 'Freight@2026') {
  await page.getByPlaceholder('请输入帐户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  const answer = await peekCaptcha(env.kv, key);
  if (!answer) throw new Error('no captcha stored for the key the page requested');
  await page.getByPlaceholder('请输入验证码').fill(answer);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

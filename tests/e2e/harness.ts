/**
 * Browser tests drive the real built app (dist/) served by the real server, started in this process on an
 * ephemeral port with an in-memory PGlite and the captcha ON: the test reads the captcha answer from the server's
 * own store for the key the page asked for, so no test-only bypass exists in the server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { configFromEnv, ROOT } from '../../server/config.ts';
import type { ServerConfig } from '../../server/context.ts';
import { openDatabase } from '../../server/db/database.ts';
import { copySnapshotUploads, loadPGliteSnapshot } from '../helpers/db-snapshots.ts';
import { MemoryKv } from '../../server/core/kv.ts';
import { peekCaptcha } from '../../server/auth/captcha.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../server/context.ts';
import { watchContext } from './diagnostics.ts';

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

/** `overrides`: server settings a test needs other than the defaults (e.g. `captchaEnabled: false`). */
export async function startE2e(overrides: Partial<ServerConfig> = {}): Promise<E2eEnv> {
  // E2E_WEB_DIR lets a developer test a build kept apart from dist/ (e.g. while another build is running).
  const webDir = process.env.E2E_WEB_DIR ? path.resolve(process.env.E2E_WEB_DIR) : path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  }
  process.env.LOG_LEVEL = 'silent';
  // The run's prepared copy of a database seeded with these settings (tests/helpers/db-snapshots.ts), when there is one.
  const snapshot = inject('dbSnapshots')?.pglite[60];
  const database = await openDatabase(snapshot ? { loadDataDir: loadPGliteSnapshot(snapshot) } : {});
  const kv = new MemoryKv();
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freight-e2e-upload-'));
  // The copy's demo rows name files its seeds stored (invoice PDFs, bank receipts): they come along.
  if (snapshot) copySnapshotUploads(inject('dbSnapshots'), 'pglite', 60, uploadDir);
  const config = { ...configFromEnv({}), captchaEnabled: true, seedDrivers: 60, webDir, port: 0, host: '127.0.0.1', uploadDir, ...overrides };
  const { app, ctx } = await buildApp(config, database, kv);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
  // Every context is watched for the failure report (diagnostics.ts), and its pages ask for reduced motion, which
  // the app honours by turning antd's animations off: Playwright aims a click where a button is, and a dialog still
  // zooming in moves it (the click reached the dialog's body instead).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    await watchContext(context);
    return context;
  };
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
      fs.rmSync(uploadDir, { recursive: true, force: true });
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

/**
 * Opens `target` (a path or, with `reload`, the current page again) and returns the key of the captcha the page
 * shows. The key is found by the image: a login page the browser was leaving may still ask for a captcha of its
 * own after the navigation starts, so "the next captcha request" can belong to the old page.
 */
export async function openLoginPage(page: Page, env: E2eEnv, target: string | { reload: true }): Promise<string> {
  const keyOfImage = new Map<string, string>();
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.includes('/sys/randomImage/')) return;
    const key = decodeURIComponent(url.pathname.split('/').pop()!);
    response.json().then(
      (body: { result?: unknown }) => {
        if (typeof body.result === 'string') keyOfImage.set(body.result, key);
      },
      () => undefined,
    );
  };
  page.on('response', onResponse);
  try {
    if (typeof target === 'string') await page.goto(`${env.baseUrl}${target}`);
    else await page.reload();
    const image = page.getByRole('img', { name: '验证码', exact: true });
    for (let waited = 0; ; waited += 50) {
      await image.waitFor();
      const key = keyOfImage.get((await image.getAttribute('src')) ?? '');
      if (key) return key;
      if (waited > 10_000) throw new Error('the captcha the page shows came from no request this navigation made');
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('response', onResponse);
  }
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

/** The newest code texted to `mobile`, read from the outbox as staff would on the 短信发件箱 screen. */
export async function textedCode(env: E2eEnv, mobile: string): Promise<string> {
  const { rows } = await sql<{ content: string }>`select content from sys_sms_outbox where mobile = ${mobile}
    order by create_time desc limit 1`.execute(env.ctx.db);
  return /(\d{6})/.exec(rows[0]?.content ?? '')?.[1] ?? '';
}

export interface DesktopSession {
  env: E2eEnv;
  page: Page;
  /** Uncaught errors the page threw; a test ends by expecting none. */
  pageErrors: string[];
}

/**
 * One server and one desktop-sized page for the tests of a describe block: started before them, closed after.
 * Fields are filled in by `beforeAll`, so read them inside tests, not at collection time.
 */
export function desktopSession(viewport = { width: 1440, height: 900 }): DesktopSession {
  const session = { pageErrors: [] as string[] } as DesktopSession;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    session.env = await startE2e();
    context = await session.env.browser.newContext({ viewport });
    session.page = await context.newPage();
    session.page.on('pageerror', (error) => session.pageErrors.push(error.message));
  });
  afterAll(async () => {
    await context?.close();
    await session.env?.close();
  });
  return session;
}

/**
 * Picks `text` in an antd select as a person would: open it, click the option, see the list close. Under load a
 * click can land while the list is still sliding open and pick nothing (the list stays open); a person clicks
 * again, and so does this, three times at most.
 */
export async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  const openList = page.locator('.ant-select-dropdown:visible');
  for (let attempt = 1; ; attempt++) {
    if ((await openList.count()) === 0) await select.click();
    await openList.locator('.ant-select-item-option-content').getByText(text, { exact: true }).click();
    try {
      await openList.waitFor({ state: 'hidden', timeout: 3000 });
      return;
    } catch (error: unknown) {
      if (attempt >= 3) throw error;
    }
  }
}

/** A row's operation as a person finds it: its own button, or an entry of the row's 更多 menu when more do not fit. */
export async function rowOperation(row: Locator, label: string): Promise<void> {
  await row.getByRole('button').first().waitFor();
  const button = row.getByRole('button', { name: label, exact: true });
  if (await button.count()) return button.click();
  await row.getByRole('button', { name: /更多/ }).click();
  await row.page().getByRole('menuitem', { name: label, exact: true }).click();
}

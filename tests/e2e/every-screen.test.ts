/**
 * A walk through every screen of the menu, as the administrator (who sees all of it), an operator, a shipper and a
 * shipper admin: each one opens without an uncaught error, a refused or failed request, a "页面尚未配置" placeholder,
 * a 404 or an error notification; no toast on it is told twice (one failure, one toast: issue 22, item 4), and no
 * list cell shows a raw record id where a name belongs. The other browser tests go deep into a few screens; this one
 * keeps the rest from breaking unseen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, Response } from 'playwright-core';
import type { MenuNode } from '../../src/contracts/index.ts';
import { logIn, startE2e, type E2eEnv } from './harness.ts';
import { idCardCheckChar } from '../../src/contracts/validation/formats.ts';

/**
 * Paths of the menu's leaves that render inside the app (not external links or iframes of other sites). A parameter
 * route (/online/cgreport/:code) is no address of its own: the links it opens are leaves of their own.
 */
function screenPaths(menu: MenuNode[]): Array<{ path: string; title: string }> {
  const found: Array<{ path: string; title: string }> = [];
  const visit = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) visit(node.children);
      else if (!node.meta?.internalOrExternal && node.path.startsWith('/') && !node.path.includes('/:') && !/^https?:/.test(node.component ?? '')) {
        found.push({ path: node.path, title: node.meta?.title ?? node.path });
      }
    }
  };
  visit(menu);
  return found;
}

const BROKEN_TEXTS = ['页面尚未配置', '页面加载失败', '抱歉，你访问的页面不存在', '系统提示'];

/**
 * A fresh browser signed in as `username`, with the screens of the menu the server handed over. Uncaught errors
 * and refused or failed requests go into `problems`, prefixed with where the walk says it is (`at`).
 */
async function signedIn(env: E2eEnv, username: string) {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const walker = { at: '/' };
  page.on('pageerror', (error) => problems.push(`${walker.at}: uncaught ${error.message}`));
  page.on('response', (response) => void checkResponse(response, () => walker.at, problems));
  await page.addInitScript(recordToasts);
  const quiet = quietWatch(page);
  const menuAnswer = page.waitForResponse((r) => r.url().includes('/sys/permission/getUserPermissionByToken'));
  await logIn(page, env, '/dashboard/analysis', username);
  const menu = ((await (await menuAnswer).json()) as { result: { menu: MenuNode[] } }).result.menu;
  return { context, page, problems, walker, quiet, screens: screenPaths(menu) };
}

/**
 * Resolves once the page has had no request in flight for QUIET_MS and then its DOM held still (`domStill`) with no
 * request started meanwhile: its data and lazy chunks have arrived and it has rendered them. A quiet network alone
 * is not enough — between the menu's answer and the screen's own requests the page spends a few hundred ms
 * rendering with nothing in flight. Playwright's `networkidle` waits 500 ms of quiet, which over ~250 screen visits was most
 * of this file's four minutes.
 */
const QUIET_MS = 150;
const QUIET_LIMIT_MS = 15_000;
function quietWatch(page: Page): () => Promise<void> {
  // By identity, not a counter: a finish with no start seen (a request from before the watch) cannot push a count
  // below zero and make the page look quiet with a request in flight.
  const inFlight = new Set<Request>();
  let started = 0;
  let changedAt = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    started += 1;
    changedAt = Date.now();
  });
  const ended = (request: Request) => {
    if (inFlight.delete(request)) changedAt = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    const limit = Date.now() + QUIET_LIMIT_MS;
    for (;;) {
      const seen = started;
      while ((inFlight.size > 0 || Date.now() - changedAt < QUIET_MS) && Date.now() < limit) await page.waitForTimeout(25);
      await domStill(page, limit);
      if (started === seen || Date.now() >= limit) return;
    }
  };
}

/**
 * Signs in, then opens every screen of the menu the server handed over; returns what went wrong where. With
 * `forms` (the administrator's walk), on each screen with a 新增 button the add form opens with its fields and
 * closes again, and on each list with a 详情 row action the first record's detail opens.
 */
async function walk(env: E2eEnv, username: string, forms = false): Promise<{ visited: number; forms: number; details: number; problems: string[] }> {
  const signed = await signedIn(env, username);
  const { context, page, problems, walker, quiet, screens } = signed;
  const tally = { forms: 0, details: 0 };
  for (const screen of screens) {
    walker.at = `${screen.title} (${screen.path})`;
    await page.goto(`${env.baseUrl}${screen.path}`);
    // The shell names the tab (and the document) once the route is resolved; then its data and chunks arrive.
    await page
      .waitForFunction((title) => document.title.startsWith(title), screen.title, { timeout: 15_000 })
      .catch(async () => problems.push(`${walker.at}: the title never showed (document title "${await page.title()}")`));
    await quiet();
    for (const text of BROKEN_TEXTS) {
      if (await page.getByText(text).first().isVisible().catch(() => false)) problems.push(`${walker.at}: shows "${text}"`);
    }
    if (forms) await openFormAndDetail(signed, screen, tally);
    problems.push(...(await toastsToldTwice(page)).map((problem) => `${walker.at}: ${problem}`));
    problems.push(...(await rawIdsShown(page)).map((id) => `${walker.at}: a list cell shows the raw id ${id} where a name belongs`));
  }
  await context.close();
  return { visited: screens.length, ...tally, problems };
}

async function openFormAndDetail(
  { page, problems, walker, quiet }: Awaited<ReturnType<typeof signedIn>>,
  screen: { title: string },
  tally: { forms: number; details: number },
): Promise<void> {
  const add = page.getByRole('button', { name: /^(plus )?新增$/ }).first();
  if (await add.isVisible().catch(() => false)) {
    walker.at = `${screen.title} 新增`;
    const listUrl = page.url();
    await add.click();
    // A schema's form opens in a dialog, or (form mode "page") as a page of its own.
    const dialog = page.getByRole('dialog').last();
    await Promise.race([dialog.waitFor({ timeout: 10_000 }), page.waitForURL((url) => url.href !== listUrl, { timeout: 10_000 })]).catch(() => undefined);
    const inDialog = await dialog.isVisible().catch(() => false);
    const scope = inDialog ? dialog : page.locator('main, .ant-layout-content, #root').first();
    try {
      await scope.getByRole('textbox').or(scope.getByRole('combobox')).or(scope.getByRole('spinbutton')).first().waitFor({ timeout: 10_000 });
      tally.forms += 1;
    } catch {
      problems.push(`${walker.at}: no form with fields opened`);
    }
    if (inDialog) {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => problems.push(`${walker.at}: the form did not close on Escape`));
    } else {
      await page.goto(listUrl);
      await page.getByRole('button', { name: /^(plus )?新增$/ }).first().waitFor({ timeout: 15_000 }).catch(() => undefined);
      await quiet();
    }
  }
  const detail = page.getByRole('button', { name: '详情', exact: true }).or(page.getByRole('link', { name: '详情', exact: true })).first();
  if (await detail.isVisible().catch(() => false)) {
    walker.at = `${screen.title} 详情`;
    await detail.click();
    const dialog = page.getByRole('dialog').last();
    try {
      await dialog.waitFor({ timeout: 10_000 });
      tally.details += 1;
    } catch {
      problems.push(`${walker.at}: no detail opened`);
    }
    await quiet();
    for (const text of BROKEN_TEXTS) {
      if (await page.getByText(text).first().isVisible().catch(() => false)) problems.push(`${walker.at}: shows "${text}"`);
    }
    await page.keyboard.press('Escape');
  }
}

/**
 * Waits until the page's DOM has not changed for DOM_STILL_MS. Frames alone do not tell: React renders a navigation
 * as a transition, in slices between frames, so two frames can pass before a screen is on the page.
 */
const DOM_STILL_MS = 250;
async function domStill(page: Page, limit: number): Promise<void> {
  const shape = () => page.evaluate(() => `${document.getElementsByTagName('*').length}/${document.body.innerText.length}`).catch(() => '');
  let last = await shape();
  let stillSince = Date.now();
  while (Date.now() - stillSince < DOM_STILL_MS && Date.now() < limit) {
    await page.waitForTimeout(50);
    const now = await shape();
    if (now !== last) [last, stillSince] = [now, Date.now()];
  }
}

interface SeenToast {
  kind: 'notification' | 'message' | 'shell';
  error: boolean;
  text: string;
  at: number;
}

/**
 * Runs in the page before its scripts (one record per page load, so per screen visit): notes every toast that
 * appears — antd notifications and messages, and the shell's own toasts — with its text and when.
 */
function recordToasts(): void {
  if (window !== window.top) return;
  const seen: SeenToast[] = [];
  const counted = new WeakSet<Element>();
  (window as unknown as { __toasts: SeenToast[] }).__toasts = seen;
  const kinds = [
    { kind: 'notification', selector: '.ant-notification-notice', text: '.ant-notification-notice-description', error: '-error' },
    { kind: 'message', selector: '.ant-message-notice', text: '.ant-message-notice-content, .ant-message-notice-title', error: '-error' },
    { kind: 'shell', selector: '.shell-toast', text: '', error: 'shell-toast-error' },
  ] as const;
  const note = () => {
    for (const { kind, selector, text, error } of kinds) {
      for (const toast of document.querySelectorAll(selector)) {
        if (counted.has(toast)) continue;
        counted.add(toast);
        const body = (text ? toast.querySelector(text) : null) ?? toast;
        seen.push({ kind, error: toast.className.includes(error), text: (body.textContent ?? '').trim(), at: Date.now() });
      }
    }
  };
  const start = () => new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/** server/core/ids.ts: an id is milliseconds since this epoch, shifted past 22 bits of worker and sequence. */
const ID_EPOCH_MS = 1_700_000_000_000;

/**
 * Whether a cell's text is one of the server's record ids: 17–19 digits whose time part falls between the id epoch
 * and tomorrow. A resident ID number (which a 统一社会信用代码/身份证号 column may show in full) is told apart by its
 * check character; an all-digit credit code's time part lies years ahead.
 */
function looksLikeRecordId(text: string): boolean {
  if (!/^\d{17,19}$/.test(text)) return false;
  if (text.length === 18 && idCardCheckChar(text.slice(0, 17)) === text[17]) return false;
  const issued = Number(BigInt(text) >> 22n) + ID_EPOCH_MS;
  return issued >= ID_EPOCH_MS && issued <= Date.now() + 86_400_000;
}

/**
 * Record ids shown in a table cell, alone or in a comma-joined list. A reference column shows the referenced
 * record's name (`_dictText`); its id on screen means the name was not looked up.
 */
async function rawIdsShown(page: Page): Promise<string[]> {
  const texts = await page.locator('.ant-table-tbody td').allInnerTexts().catch(() => [] as string[]);
  return [...new Set(texts.flatMap((text) => text.split(/[,，、\s]+/)).filter(looksLikeRecordId))].slice(0, 3);
}

/** What this visit's toasts said twice: the same text in two toasts, or one failure as a notification and a message. */
async function toastsToldTwice(page: Page): Promise<string[]> {
  const toasts = await page.evaluate(() => (window as unknown as { __toasts?: SeenToast[] }).__toasts ?? []).catch(() => []);
  const problems: string[] = [];
  const texts = new Map<string, number>();
  for (const toast of toasts) texts.set(toast.text, (texts.get(toast.text) ?? 0) + 1);
  for (const [text, count] of texts) if (count > 1) problems.push(`toast "${text}" appeared ${count} times`);
  const notices = toasts.filter((toast) => toast.kind === 'notification' && toast.error);
  for (const notice of notices) {
    const echo = toasts.find((toast) => toast.kind !== 'notification' && toast.error && Math.abs(toast.at - notice.at) < 1500);
    if (echo) problems.push(`one failure told twice: notification "${notice.text}" and toast "${echo.text}"`);
  }
  return problems;
}

async function checkResponse(response: Response, where: () => string, problems: string[]): Promise<void> {
  const url = new URL(response.url());
  if (!url.pathname.startsWith('/jeecg-boot/')) return;
  const at = where();
  if (response.status() >= 400) {
    problems.push(`${at}: ${response.request().method()} ${url.pathname} answered HTTP ${response.status()}`);
    return;
  }
  if (!(response.headers()['content-type'] ?? '').includes('json')) return;
  const body = (await response.json().catch(() => null)) as { success?: boolean; message?: string } | null;
  if (body && body.success === false) problems.push(`${at}: ${url.pathname} refused: ${body.message}`);
}

describe('every screen of the menu', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e();
  });
  afterAll(async () => {
    await env?.close();
  });

  it.each(['ops', 'shipper', 'shipperadmin'])('opens cleanly for %s', async (username) => {
    const { visited, problems } = await walk(env, username);
    expect(visited).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  }, 300_000);

  it('opens cleanly for admin, with every add form and a detail of every list that has one', async () => {
    const { visited, forms, details, problems } = await walk(env, 'admin', true);
    expect(problems).toEqual([]);
    expect(visited).toBeGreaterThan(20);
    expect(forms).toBeGreaterThan(15);
    expect(details).toBeGreaterThan(3);
  }, 300_000);
});

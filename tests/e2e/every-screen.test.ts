/**
 * A walk through every screen of the menu, as the administrator (who sees all of it), an operator, a shipper and a
 * shipper admin: each one
 * opens without an uncaught error, a refused or failed request, a "页面尚未配置" placeholder, a 404 or an error
 * notification. The other browser tests go deep into a few screens; this one keeps the rest from breaking unseen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import type { MenuNode } from '../../src/contracts/index.ts';
import { logIn, startE2e, type E2eEnv } from './harness.ts';

/** Paths of the menu's leaves that render inside the app (not external links or iframes of other sites). */
function screenPaths(menu: MenuNode[]): Array<{ path: string; title: string }> {
  const found: Array<{ path: string; title: string }> = [];
  const visit = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) visit(node.children);
      else if (!node.meta?.internalOrExternal && node.path.startsWith('/') && !/^https?:/.test(node.component ?? '')) {
        found.push({ path: node.path, title: node.meta?.title ?? node.path });
      }
    }
  };
  visit(menu);
  return found;
}

const BROKEN_TEXTS = ['页面尚未配置', '页面加载失败', '抱歉，你访问的页面不存在', '系统提示'];

/** Signs in, then opens every screen of the menu the server handed over; returns what went wrong where. */
async function walk(env: E2eEnv, username: string): Promise<{ visited: number; problems: string[] }> {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  let where = '/';
  page.on('pageerror', (error) => problems.push(`${where}: uncaught ${error.message}`));
  page.on('response', (response) => void checkResponse(response, () => where, problems));
  const menuAnswer = page.waitForResponse((r) => r.url().includes('/sys/permission/getUserPermissionByToken'));
  await logIn(page, env, '/dashboard/analysis', username);
  const menu = ((await (await menuAnswer).json()) as { result: { menu: MenuNode[] } }).result.menu;
  const screens = screenPaths(menu);
  for (const screen of screens) {
    where = `${screen.title} (${screen.path})`;
    await page.goto(`${env.baseUrl}${screen.path}`);
    await page.waitForLoadState('networkidle');
    await settled(page);
    for (const text of BROKEN_TEXTS) {
      if (await page.getByText(text).first().isVisible().catch(() => false)) problems.push(`${where}: shows "${text}"`);
    }
  }
  await context.close();
  return { visited: screens.length, problems };
}

/** Lets a screen's lazy parts finish: two frames after the network went quiet. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
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

  it.each(['admin', 'ops', 'shipper', 'shipperadmin'])('opens cleanly for %s', async (username) => {
    const { visited, problems } = await walk(env, username);
    expect(visited).toBeGreaterThan(username === 'admin' ? 20 : 3);
    expect(problems).toEqual([]);
  }, 300_000);
});

/**
 * What the browser was doing when a test failed. A browser test that times out says only which locator it waited
 * for; whether the request behind it hung, failed, or answered with an error is lost. Every context a test opens is
 * watched (its API calls with their envelope's message, requests still pending, console errors, uncaught errors),
 * and a failing test gets the recent events and each open page's visible messages attached to its `meta`, which the
 * summary reporter prints at the end of the run, where CI excerpts (which keep only the tail) still show it.
 */
import type { BrowserContext, Request } from 'playwright-core';
import { beforeEach } from 'vitest';

const KEEP = 40;
const API = '/jeecg-boot/';
const CLICK_MARK = '[e2e-diagnostics] ';

interface Watched {
  context: BrowserContext;
  events: string[];
  pending: Map<Request, number>;
  started: number;
}

const watched: Watched[] = [];

function pathOf(url: string): string {
  const parsed = new URL(url);
  const query = parsed.search.length > 80 ? `${parsed.search.slice(0, 80)}…` : parsed.search;
  return `${parsed.pathname.replace(API, '/')}${query}`;
}

/** Watches one context from its creation on (call before it opens a page, so the click log is in every page). */
export async function watchContext(context: BrowserContext): Promise<void> {
  const entry: Watched = { context, events: [], pending: new Map(), started: Date.now() };
  watched.push(entry);
  const log = (line: string) => {
    entry.events.push(`+${((Date.now() - entry.started) / 1000).toFixed(1)}s ${line}`);
    if (entry.events.length > KEEP) entry.events.shift();
  };
  context.on('request', (request) => {
    if (request.url().includes(API)) entry.pending.set(request, Date.now());
  });
  context.on('requestfailed', (request) => {
    if (!entry.pending.delete(request)) return;
    log(`${request.method()} ${pathOf(request.url())} failed: ${request.failure()?.errorText ?? '?'}`);
  });
  context.on('response', (response) => {
    const request = response.request();
    const sent = entry.pending.get(request);
    if (sent === undefined) return;
    entry.pending.delete(request);
    const head = `${request.method()} ${pathOf(request.url())} → ${response.status()} in ${Date.now() - sent} ms`;
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('json')) return log(head);
    response.text().then(
      (body) => {
        const envelope = /"success":(true|false)/.exec(body)?.[1];
        const message = /"message":"([^"]{0,120})/.exec(body)?.[1];
        log(`${head}${envelope ? ` success=${envelope}` : ''}${message ? ` “${message}”` : ''}`);
      },
      () => log(head),
    );
  });
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(CLICK_MARK)) log(text.slice(CLICK_MARK.length));
    else if (message.type() === 'error' || message.type() === 'warning') log(`console.${message.type()}: ${text.slice(0, 200)}`);
  });
  // Which element each click reached (a click that lands on the wrong button looks, afterwards, like no click).
  await context.addInitScript((mark: string) => {
    document.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest('button, a, [role="menuitem"], [role="option"], [role="tab"]') ?? target;
      const label = (button instanceof HTMLElement ? button.innerText : '').replace(/\s+/g, ' ').trim().slice(0, 40);
      console.debug(`${mark}click ${button?.tagName.toLowerCase() ?? '?'} “${label}”${event.isTrusted ? '' : ' (untrusted)'}`);
    }, true);
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' || event.key === 'Enter') console.debug(`${mark}key ${event.key}`);
    }, true);
  }, CLICK_MARK);
  context.on('weberror', (error) => log(`page error: ${error.error().message.slice(0, 200)}`));
  context.on('close', () => watched.splice(watched.indexOf(entry), 1));
}

/** What each open page shows that a person would read first: where it is, its messages, dialogs and alerts. */
async function pageSummaries(entry: Watched): Promise<string[]> {
  const lines: string[] = [];
  for (const page of entry.context.pages()) {
    const visible = await page
      .evaluate(() => {
        const shown = (selector: string) =>
          [...document.querySelectorAll<HTMLElement>(selector)]
            .filter((element) => element.offsetParent !== null || element.getClientRects().length > 0)
            .map((element) => (element.innerText || '').replace(/\s+/g, ' ').trim().slice(0, 160))
            .filter(Boolean);
        return {
          messages: shown('.ant-message-notice, .ant-notification-notice'),
          dialogs: shown('.ant-modal-content, .ant-drawer-content, .ant-popover-inner, .ant-dropdown:not(.ant-dropdown-hidden)'),
          alerts: shown('[role="alert"]'),
        };
      })
      .catch((error: unknown) => ({ messages: [], dialogs: [], alerts: [`(page not readable: ${String(error).slice(0, 100)})`] }));
    lines.push(`page ${page.url()}`);
    for (const [label, texts] of Object.entries(visible)) for (const text of texts) lines.push(`  ${label.slice(0, -1)}: ${text}`);
  }
  return lines;
}

/** The diagnostics for a failed test: recent events, requests still waiting, and what each page shows. */
export async function browserDiagnostics(): Promise<string> {
  const sections: string[] = [];
  for (const entry of watched) {
    const now = Date.now();
    const pending = [...entry.pending].map(([request, sent]) => `  still pending after ${now - sent} ms: ${request.method()} ${pathOf(request.url())}`);
    sections.push([...(await pageSummaries(entry)), '  recent:', ...entry.events.map((line) => `    ${line}`), ...pending].join('\n'));
  }
  return sections.join('\n');
}

/** Attaches browser diagnostics to every failing test of the file that calls it (once, at module level). */
export function reportBrowserOnFailure(): void {
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async ({ task }) => {
      const text = await browserDiagnostics();
      if (text) (task.meta as { browser?: string }).browser = text;
    });
  });
}

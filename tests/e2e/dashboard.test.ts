import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { desktopSession, openLoginPage, submitPasswordLogin } from './harness.ts';

const HOME = '/dashboard/analysis';
const SLOW = { timeout: 20_000 };

describe('the home dashboard and the system log', () => {
  const session = desktopSession();

  it('loads the chart only after login, counts this login, and links the drivers awaiting review', async () => {
    const { page, env } = session;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const key = await openLoginPage(page, env, HOME);
    expect(scripts.some((s) => s.includes('VisitChart'))).toBe(false);
    await submitPasswordLogin(page, env, key, 'admin');
    await page.waitForURL((url) => url.pathname === HOME);

    // The chart draws bars as SVG paths once its chunk has loaded.
    await page.locator('[data-testid="visit-chart"] svg path').first().waitFor({ state: 'attached' });
    expect(scripts.some((s) => s.includes('VisitChart'))).toBe(true);
    const todayRow = page.getByRole('table', { name: '近7日访问明细', includeHidden: true }).getByRole('row', { includeHidden: true }).last();
    await expect.poll(async () => (await todayRow.textContent()) ?? '', SLOW).toMatch(/^\d{4}-\d{2}-\d{2}11$/);

    const { rows } = await sql<{ n: number }>`select count(*)::int as n from hy_driver where review_status = '1'`.execute(env.ctx.db);
    const pending = page.getByRole('link', { name: `司机待审核 ${rows[0].n}` });
    await pending.click();
    await page.waitForURL((url) => url.pathname === '/wlhy/hydriver/HyDriverList' && url.searchParams.get('reviewStatus') === '1');
    expect(session.pageErrors).toEqual([]);
  });

  it('shows the admin their own login on the 系统日志 screen', async () => {
    const { page, env } = session;
    await page.goto(`${env.baseUrl}/isystem/log`);
    await expect.poll(async () => page.getByRole('cell', { name: '用户 admin 登录成功' }).count(), SLOW).toBeGreaterThan(0);
    expect(session.pageErrors).toEqual([]);
  });
});

/**
 * The bell's 待办 counts (issue 22, item 5) on both databases: every category's count is the total of the list its
 * link opens — for platform staff and for shippers, on the demo data — and no two categories open the same list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { TODO_CATEGORIES, todoTarget } from '../../src/contracts/todo-categories.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const COUNTS = '/jeecg-boot/hydriver/hyDriver/getDsXx';

describe.each(BACKENDS)('bell counts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The total the category's link shows: its list with the state's preset filters, as the web list sends them. */
  async function listTotal(token: string, path: string): Promise<number | null> {
    const { listPath, state } = todoTarget({ key: 'sijiCount', label: '', path });
    const entity = t.ctx.entities.find((e) => e.schema.menu?.path === listPath)!;
    const params = new URLSearchParams({ ...entity.schema.list!.states![state], pageSize: '1' });
    const { body } = await t.call<Page<WireRecord>>({ method: 'GET', url: `/jeecg-boot${entity.schema.api}/list?${params}`, token });
    return body.success ? body.result.total : null;
  }

  it('opens a different list for each category', () => {
    expect(new Set(TODO_CATEGORIES.map((c) => c.path)).size).toBe(TODO_CATEGORIES.length);
  });

  for (const username of ['ops', 'shipper', 'shipperadmin']) {
    it(`counts for ${username} exactly the rows each link lists`, async () => {
      const token = await t.login(username);
      const counts = (await t.call<Record<string, number>>({ method: 'GET', url: COUNTS, token })).body.result;
      const seen: Record<string, number> = {};
      const listed: Record<string, number> = {};
      for (const category of TODO_CATEGORIES) {
        seen[category.key] = counts[category.key];
        // Staff-only queues count 0 for customers, whatever they may list; a list they may not open counts 0.
        const total = category.staffOnly && username !== 'ops' ? 0 : await listTotal(token, category.path);
        listed[category.key] = total ?? 0;
      }
      expect(seen).toEqual(listed);
      if (username === 'ops') expect(seen.yuejieZhangQi + seen.tangjieZhangQi).toBeGreaterThan(0);
    });
  }
});

/**
 * Every engine entity, as the admin uses its screen, on both databases: the list loads; each sortable column sorts
 * both ways; each query-form field, given the value the first row holds, finds that row; 详情 (queryById) returns
 * it; and where the entity exports, the export is a workbook. One schema file per screen means one mistake in a
 * schema (a column name, a dictionary, a query mode) breaks only that screen — this walks them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { sql } from 'kysely';
import { entityActions, fieldDef, normaliseQueryField, type QueryMode } from '../../src/contracts/entity.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const P = '/jeecg-boot';

/** The filter a person sets in the query form to find a row holding `value` in `field`. */
function filterFor(query: { field: string; mode: QueryMode }, type: string | undefined, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const text = String(value);
  const mode = query.mode;
  const field = encodeURIComponent(query.field);
  if (mode === 'range') {
    // Dates and times are searched by day (the server widens the bounds to the whole day).
    const bound = type === 'date' || type === 'datetime' ? text.slice(0, 10) : text;
    return `${field}_begin=${encodeURIComponent(bound)}&${field}_end=${encodeURIComponent(bound)}`;
  }
  // A comma means "one of" in the JeecgBoot dialect, so a comma-joined value is looked up by its first item.
  const first = text.split(',')[0];
  return `${field}=${encodeURIComponent(mode === 'like' ? `*${first}*` : first)}`;
}

describe.each(BACKENDS)('every entity screen on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (api: string, query: string) => t.call<Page<WireRecord>>({ method: 'GET', url: `${P}${api}/list?${query}`, token: admin });

  it('lists, sorts, filters, opens and exports each one', async () => {
    // Line items (a waybill's goods and fees) are read through their main record, not a screen of their own.
    const lineItems = new Set(t.ctx.entities.flatMap((e) => (e.schema.children ?? []).map((c) => c.entity)));
    // A tree answered whole (tree.wholeList, the menu editor) is no page: sys-permissions.test.ts reads its list.
    const entities = t.ctx.entities.filter(
      (e) => !e.schema.tree?.wholeList && entityActions(e.schema).includes('list') && (e.schema.menu || !lineItems.has(e.schema.name)),
    );
    expect(entities.length).toBeGreaterThan(10);
    const problems: string[] = [];
    let filtersTried = 0;
    for (const { schema, sortable, types, columns } of entities) {
      const name = schema.name;
      const first = await list(schema.api, 'pageNo=1&pageSize=10');
      if (!first.body.success) {
        problems.push(`${name}: list refused: ${first.body.message}`);
        continue;
      }
      for (const field of sortable) {
        for (const order of ['asc', 'desc']) {
          const sorted = await list(schema.api, `column=${field}&order=${order}`);
          if (!sorted.body.success) problems.push(`${name}: sort ${field} ${order}: ${sorted.body.message}`);
        }
      }
      const row = first.body.result.records[0];
      if (!row) continue;
      for (const item of schema.list.query ?? []) {
        const query = normaliseQueryField(schema, item);
        // A masked field (ID card, phone) is listed as 110***…: a person searches it by the whole number.
        let value = row[query.field];
        if (fieldDef(schema, query.field)?.mask) {
          const stored = await sql<{ value: unknown }>`select ${sql.id(columns.get(query.field)!)} as value from ${sql.id(schema.table)} where id = ${row.id}`.execute(t.ctx.db);
          value = stored.rows[0]?.value;
        }
        const filter = filterFor(query, types.get(query.field), value);
        if (!filter) continue;
        filtersTried += 1;
        const found = await list(schema.api, `${filter}&pageSize=200`);
        if (!found.body.success) problems.push(`${name}: filter ${filter}: ${found.body.message}`);
        else if (!found.body.result.records.some((r) => r.id === row.id)) problems.push(`${name}: filter ${filter} does not find the row holding it`);
      }
      const byId = await t.call<WireRecord>({ method: 'GET', url: `${P}${schema.api}/queryById?id=${encodeURIComponent(String(row.id))}`, token: admin });
      if (!byId.body.success || byId.body.result.id !== row.id) problems.push(`${name}: queryById: ${byId.body.message}`);
      if (entityActions(schema).includes('exportXls')) {
        const exported = await t.app.inject({ method: 'GET', url: `${P}${schema.api}/exportXls?pageSize=10`, headers: { 'x-access-token': admin } });
        if (exported.statusCode !== 200 || !String(exported.headers['content-type']).includes('spreadsheetml')) {
          problems.push(`${name}: export answered ${exported.statusCode} ${exported.body.slice(0, 120)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The demo data fills most query fields: a sweep that tried few would prove little.
    expect(filtersTried).toBeGreaterThan(40);
  }, 120_000);

  it('refuses an empty add and an edit of a record that does not exist with a sentence, changing nothing', async () => {
    const entities = t.ctx.entities;
    const problems: string[] = [];
    let tried = 0;
    for (const { schema } of entities) {
      const actions = entityActions(schema);
      const count = async () => (await sql<{ n: string }>`select count(*) as n from ${sql.id(schema.table)}`.execute(t.ctx.db)).rows[0].n;
      const before = await count();
      if (actions.includes('add')) {
        tried += 1;
        const added = await t.call({ method: 'POST', url: `${P}${schema.api}/add`, payload: {}, token: admin });
        if (added.status >= 500 || added.body.success !== false || !/[\u4e00-\u9fa5]/.test(added.body.message ?? '')) {
          problems.push(`${schema.name}: empty add answered ${added.status} ${JSON.stringify(added.body).slice(0, 160)}`);
        }
      }
      if (actions.includes('edit')) {
        tried += 1;
        const edited = await t.call({ method: 'PUT', url: `${P}${schema.api}/edit`, payload: { id: 'no-such-record' }, token: admin });
        if (edited.status >= 500 || edited.body.success !== false || !/[\u4e00-\u9fa5]/.test(edited.body.message ?? '')) {
          problems.push(`${schema.name}: edit of a missing record answered ${edited.status} ${JSON.stringify(edited.body).slice(0, 160)}`);
        }
      }
      // An entity offering neither is sent nothing here; its table may still change (sys_log records the requests above).
      if ((actions.includes('add') || actions.includes('edit')) && (await count()) !== before) problems.push(`${schema.name}: a refused write changed the table`);
    }
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThan(12);
  }, 120_000);
});

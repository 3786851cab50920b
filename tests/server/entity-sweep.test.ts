/**
 * Every engine entity, as the admin uses its screen, on both databases: the list loads; each sortable column sorts
 * both ways; each query-form field, given the value the first row holds, finds that row; 详情 (queryById) returns
 * it; and where the entity exports, the export is a workbook. One schema file per screen means one mistake in a
 * schema (a column name, a dictionary, a query mode) breaks only that screen — this walks them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { sql } from 'kysely';
import { entityActions, fieldDef, normaliseQueryField, permissionCode, type QueryMode } from '../../src/contracts/entity.ts';
import type { PermissionResult } from '../../src/contracts/menu.ts';
import { isSecretField } from '../../field-types/index.ts';
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

  // Issue 24: the duplicate check answers for accounts' tables now, so the rule that keeps it from being an oracle is
  // swept over every entity: a password (by property or column, even given the stored hash) is never checkable, for
  // anyone; a value the caller sees masked or withheld on some rows is never checkable for that caller.
  it('never answers the duplicate check for a password, nor for a field the caller is not shown', async () => {
    const verdicts = new Set(['该值可用！', '该值不可用，系统中已存在！']);
    const problems: string[] = [];
    const ask = async (token: string, tableName: string, fieldName: string, fieldVal: string) => {
      const query = new URLSearchParams({ tableName, fieldName, fieldVal }).toString();
      return (await t.call({ method: 'GET', url: `${P}/sys/duplicate/check?${query}`, token })).body;
    };
    let secrets = 0;
    for (const { schema, columns } of t.ctx.entities) {
      for (const [property, field] of Object.entries(schema.fields)) {
        if (!isSecretField(field)) continue;
        const column = columns.get(property);
        const stored = column
          ? (await sql<{ value: string | null }>`select ${sql.id(column)} as value from ${sql.id(schema.table)} where ${sql.id(column)} is not null limit 1`.execute(t.ctx.db)).rows[0]?.value
          : undefined;
        for (const fieldName of new Set([property, column ?? property])) {
          for (const value of [stored ?? 'x', 'Freight@2026']) {
            secrets += 1;
            const body = await ask(admin, schema.table, fieldName, value);
            if (body.message !== '不支持校验该字段') problems.push(`${schema.name}.${fieldName} (password) answered ${JSON.stringify(body)}`);
          }
        }
      }
    }
    const shipper = await t.login('shipper');
    const granted = new Set((await t.call<PermissionResult>({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, token: shipper }))
      .body.result.auth.map((entry) => entry.action));
    let shown = 0;
    for (const { schema, columns } of t.ctx.entities) {
      const masked = granted.has(permissionCode(schema, 'edit')) ? [] : Object.keys(schema.fields).filter((name) => schema.fields[name].mask);
      const withheld = (schema.rowMasks ?? []).filter((mask) => mask.userTypes.includes(2)).flatMap((mask) => mask.fields);
      for (const property of new Set([...masked, ...withheld])) {
        const column = columns.get(property);
        if (!column) continue;
        const stored = (await sql<{ value: string | null }>`select ${sql.id(column)}::text as value from ${sql.id(schema.table)} where ${sql.id(column)} is not null limit 1`.execute(t.ctx.db)).rows[0]?.value;
        shown += 1;
        const body = await ask(shipper, schema.table, property, stored ?? '1');
        if (verdicts.has(body.message ?? '')) problems.push(`${schema.name}.${property} (not shown to shipper) answered ${JSON.stringify(body)}`);
      }
    }
    expect(problems).toEqual([]);
    // Two entities hold a password today (users, shipper accounts) and several mask or withhold fields.
    expect(secrets).toBeGreaterThanOrEqual(4);
    expect(shown).toBeGreaterThan(2);
  }, 120_000);
});

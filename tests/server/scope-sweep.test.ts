/**
 * Issue 21's sweep, on both databases: every entity (engine and server-managed alike), as each customer role, through
 * every endpoint family it reaches — list (every page), queryById, export, table dictionaries and search-selects —
 * finds no row outside its scope and no value it is not shown. The expected rows are worked out here from the schema
 * declarations alone (dataScope: customer, readers, parent, usedBy, offered, shared, self; none = staff-only) over the
 * raw tables, not from the server's SQL, so a new entity is covered by its schema file without a new test.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import WebSocket from 'ws';
import ExcelJS from 'exceljs';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { entityActions, permissionCode } from '../../src/contracts/entity.ts';
import { maskApplies } from '../../src/contracts/row-masks.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const P = '/jeecg-boot';
const ROLES = ['shipper', 'shipperadmin'];

interface Who {
  username: string;
  token: string;
  userId: string;
  userType: number;
  customerId: string;
  permissions: Set<string>;
}

type Rows = WireRecord[];

/** A live-grid page (/vxeSocket) that keeps what the server sends; `drain` returns it after a heartbeat round trip. */
class LivePage {
  private readonly received: Array<{ type: string; data: unknown }> = [];
  private beat: (() => void) | null = null;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; data: unknown };
      if (message.type === 'heart_beat') this.beat?.();
      else this.received.push(message);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The rows delivered so far (single and batched frames alike), emptied. */
  async drain(): Promise<WireRecord[]> {
    await new Promise<void>((resolve) => {
      this.beat = resolve;
      this.send({ type: 'heart_beat', data: '' });
    });
    const rows = this.received.flatMap((m) => {
      const data = m.data as { args?: [WireRecord]; rows?: Array<[WireRecord]> };
      return data.rows ? data.rows.map(([row]) => row) : data.args ? [data.args[0]] : [];
    });
    this.received.length = 0;
    return rows;
  }
}

describe.each(BACKENDS)('data scope sweep on %s', (kind) => {
  let t: TestApp;

  /**
   * Every row of the entity's table in the tenant, by property (plus user_id where the table has one); null for a
   * server-managed entity whose rows live elsewhere (a view of another table, a system table without every column).
   */
  async function rowsOf(entity: EntityRuntime): Promise<Rows | null> {
    if (raw.has(entity.schema.name)) return raw.get(entity.schema.name)!;
    const select = sql.join([...entity.columns].map(([p, c]) => sql`${sql.id(c)}::text as ${sql.id(p)}`));
    const hasUser = entity.schema.dataScope?.self === true;
    const rows = await sql<WireRecord>`select ${select}${hasUser ? sql`, user_id::text as "__user"` : sql``}
      from ${sql.id(entity.schema.table)} where tenant_id = 1`.execute(t.ctx.db).then((r) => r.rows, () => null);
    raw.set(entity.schema.name, rows);
    return rows;
  }
  const raw = new Map<string, Rows | null>();

  /** Whether one received row satisfies the declared customer scope on its own values (rows of no table of their own). */
  function rowInScope(entity: EntityRuntime, who: Who, row: WireRecord): boolean {
    const scope = entity.schema.dataScope;
    if (scope?.customer) return [scope.customer, ...(scope.customerReaders ?? [])].some((f) => String(row[f] ?? '') === who.customerId);
    return Boolean(scope?.self || scope?.shared);
  }

  const byName = (name: string) => t.ctx.entities.find((e) => e.schema.name === name)!;

  /** The ids a customer may read, from the schema's declaration alone. */
  async function expectedIds(entity: EntityRuntime, who: Who): Promise<Set<string> | null> {
    const scope = entity.schema.dataScope;
    const rows = await rowsOf(entity);
    if (rows === null) return null;
    const ids = (filter: (row: WireRecord) => boolean) => new Set(rows.filter(filter).map((r) => String(r.id)));
    if (!scope) return new Set();
    if (scope.customer) {
      const fields = [scope.customer, ...(scope.customerReaders ?? [])];
      return ids((row) => fields.some((f) => String(row[f] ?? '') === who.customerId));
    }
    if (scope.parent) {
      const parents = await expectedIds(byName(scope.parent.entity), who);
      return ids((row) => parents?.has(String(row[scope.parent!.field] ?? '')) ?? false);
    }
    if (scope.self) return ids((row) => String(row.__user) === who.userId);
    if (scope.shared) return ids(() => true);
    if (scope.usedBy) {
      const used = new Set<string>();
      for (const use of scope.usedBy) {
        const users = (await expectedIds(byName(use.entity), who)) ?? new Set<string>();
        for (const row of (await rowsOf(byName(use.entity))) ?? []) if (users.has(String(row.id)) && row[use.field]) used.add(String(row[use.field]));
      }
      const offered = scope.offered && who.permissions.has(scope.offered.permission) ? scope.offered.when : undefined;
      return ids((row) => used.has(String(row.id)) || (offered !== undefined && Object.entries(offered).every(([f, v]) => v.includes(String(row[f] ?? '')))));
    }
    return new Set();
  }

  /** Problems with the values of one row the caller received. */
  function hiddenValueProblems(entity: EntityRuntime, who: Who, row: WireRecord, stored: WireRecord | undefined, inFull: boolean): string[] {
    const problems: string[] = [];
    for (const [property, field] of Object.entries(entity.schema.fields)) {
      if (field.type === 'password' && property in row) problems.push(`${property}: a password hash left the server`);
      const value = row[property];
      if (field.mask && !inFull && typeof value === 'string' && value.replace(/,/g, '').length > 7 && !value.includes('*')) {
        problems.push(`${property} unmasked: ${value}`);
      }
    }
    for (const mask of entity.schema.rowMasks ?? []) {
      if (!stored || !maskApplies(mask, stored, who)) continue;
      for (const field of mask.fields) if (row[field] !== (mask.text ?? '--') && stored[field] !== null) problems.push(`${field} not withheld: ${String(row[field])}`);
    }
    return problems;
  }

  async function listAll(entity: EntityRuntime, who: Who): Promise<{ refused?: string; records: Rows }> {
    const records: Rows = [];
    for (let pageNo = 1; pageNo <= 50; pageNo++) {
      const { body } = await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}${entity.schema.api}/list?pageNo=${pageNo}&pageSize=200`, token: who.token });
      if (!body.success) return { refused: body.message, records };
      records.push(...body.result.records);
      if (body.result.records.length < 200) break;
    }
    return { records };
  }

  const who = new Map<string, Who>();
  beforeAll(async () => {
    t = await startTestApp(kind);
    // Every online report granted to the customer roles: a report must hold only the caller's rows even when granted.
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, p.id from sys_role r, sys_permission p where r.role_code in ('shipper', 'shipperadmin') and p.perms like 'onl:cgreport:%'
        and p.perms not like 'onl:cgreport:head:%'
      on conflict do nothing`.execute(t.ctx.db);
    for (const username of ROLES) {
      const token = await t.login(username);
      const [user] = (await sql<{ id: string; user_type: number; customer_id: string }>`select id, user_type, customer_id from sys_user
        where username = ${username}`.execute(t.ctx.db)).rows;
      const auth = (await t.call<{ allAuth: Array<{ action: string }>; auth: Array<{ action: string }> }>({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, token })).body.result;
      who.set(username, { username, token, userId: String(user.id), userType: Number(user.user_type), customerId: String(user.customer_id), permissions: new Set(auth.auth.map((a) => a.action)) });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(ROLES)('%s: lists, details and exports hold only rows in scope, with hidden values hidden', async (role) => {
    const caller = who.get(role)!;
    const problems: string[] = [];
    let listed = 0;
    for (const entity of t.ctx.entities) {
      if (!entityActions(entity.schema).includes('list')) continue;
      const name = entity.schema.name;
      const { refused, records } = await listAll(entity, caller);
      if (refused !== undefined) continue; // denied (no permission, or a list that needs parameters)
      // Read after the list: a list may create the caller's rows on first sight (message receipts).
      raw.delete(name);
      const expected = await expectedIds(entity, caller);
      const stored = new Map(((await rowsOf(entity)) ?? []).map((r) => [String(r.id), r]));
      listed += 1;
      const inFull = caller.permissions.has(permissionCode(entity.schema, 'edit'));
      for (const row of records) {
        const id = String(row.id);
        if (expected ? !expected.has(id) : !rowInScope(entity, caller, row)) problems.push(`${name} list: row ${id} is outside ${role}'s scope`);
        for (const problem of hiddenValueProblems(entity, caller, row, stored.get(id), inFull)) problems.push(`${name} list ${id}: ${problem}`);
      }
      // A list shows exactly the scope.
      if (!expected) continue;
      if (records.length !== expected.size) problems.push(`${name} list: ${records.length} rows, scope holds ${expected.size}`);
      // queryById: one row outside the scope is not found; one inside is presented like the list.
      const outside = [...stored.keys()].find((id) => !expected.has(id));
      if (outside) {
        const { body } = await t.call<WireRecord>({ method: 'GET', url: `${P}${entity.schema.api}/queryById?id=${outside}`, token: caller.token });
        if (body.success) problems.push(`${name} queryById: read ${outside} outside the scope`);
      }
      const inside = records[0];
      if (inside) {
        const { body } = await t.call<WireRecord>({ method: 'GET', url: `${P}${entity.schema.api}/queryById?id=${String(inside.id)}`, token: caller.token });
        if (!body.success) problems.push(`${name} queryById ${String(inside.id)}: ${body.message}`);
        else for (const problem of hiddenValueProblems(entity, caller, body.result, stored.get(String(inside.id)), inFull)) problems.push(`${name} queryById: ${problem}`);
      }
      // Every field the caller is not shown is no filter either (the value of a row it may not see it by).
      for (const [property, field] of Object.entries(entity.schema.fields)) {
        if (inFull || !field.mask) continue;
        const probe = [...stored.values()].find((r) => r[property]);
        if (!probe) continue;
        const { body } = await t.call<Page<WireRecord>>({ method: 'GET', url: `${P}${entity.schema.api}/list?${property}=${encodeURIComponent(String(probe[property]))}`, token: caller.token });
        if (body.success) problems.push(`${name}: ${property} accepted as a filter for a caller shown it masked`);
      }
      if (entityActions(entity.schema).includes('exportXls') && caller.permissions.has(permissionCode(entity.schema, 'exportXls'))) {
        const response = await t.app.inject({ method: 'GET', url: `${P}${entity.schema.api}/exportXls`, headers: { 'x-access-token': caller.token } });
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
        const exported = workbook.worksheets[0].actualRowCount - 1;
        if (exported !== expected.size) problems.push(`${name} export: ${exported} rows, scope holds ${expected.size}`);
      }
    }
    expect(listed).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });

  it.each(ROLES)('%s: table dictionaries and search-selects offer only rows in scope', async (role) => {
    const caller = who.get(role)!;
    const problems: string[] = [];
    for (const [code, dict] of t.ctx.tableDicts) {
      const expected = (await expectedIds(dict.entity, caller)) ?? new Set<string>();
      const valueProperty = [...dict.entity.columns].find(([, c]) => c === dict.valueColumn)?.[0] ?? 'id';
      const allowed = new Set(((await rowsOf(dict.entity)) ?? []).filter((r) => expected.has(String(r.id))).map((r) => String(r[valueProperty])));
      for (const url of [`${P}/sys/dict/getDictItems/${code}`, `${P}/sys/dict/loadDict/${code}?keyword=&pageSize=50`]) {
        const { body } = await t.call<Array<{ value: string }>>({ method: 'GET', url, token: caller.token });
        if (!body.success) continue;
        for (const item of body.result) if (!allowed.has(item.value)) problems.push(`${url}: offers ${item.value} outside ${role}'s scope`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(ROLES)('%s: online reports and pickers name no row outside its scope and no value it is shown masked', async (role) => {
    const caller = who.get(role)!;
    // Ids of rows the caller may not reach, and stored values it only ever sees masked, across every entity.
    const outside = new Set<string>();
    const masked = new Set<string>();
    for (const entity of t.ctx.entities) {
      const rows = await rowsOf(entity);
      const expected = await expectedIds(entity, caller);
      if (!rows || !expected) continue;
      for (const row of rows) if (!expected.has(String(row.id))) outside.add(String(row.id));
      if (caller.permissions.has(permissionCode(entity.schema, 'edit'))) continue;
      for (const [property, field] of Object.entries(entity.schema.fields)) {
        if (!field.mask) continue;
        for (const row of rows) if (typeof row[property] === 'string' && String(row[property]).length > 7) masked.add(String(row[property]));
      }
    }
    const codes = (await sql<{ code: string }>`select code from onl_cgreport_head`.execute(t.ctx.db)).rows.map((r) => r.code);
    expect(codes.length).toBeGreaterThan(3);
    const problems: string[] = [];
    for (const code of codes) {
      const { body } = await t.call<{ records: WireRecord[] }>({ method: 'GET', url: `${P}/online/cgreport/api/getData/${code}?pageSize=1000`, token: caller.token });
      if (!body.success) {
        problems.push(`${code}: ${body.message}`);
        continue;
      }
      for (const record of body.result.records) {
        for (const [column, value] of Object.entries(record)) {
          const text = String(value ?? '');
          if (outside.has(text)) problems.push(`${code}.${column}: names ${text}, outside ${role}'s scope`);
          if (masked.has(text)) problems.push(`${code}.${column}: shows ${text}, which ${role} sees only masked`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(ROLES)('%s: live grid pages receive no row outside its scope and no hidden value', async (role) => {
    const caller = who.get(role)!;
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/jeecg-boot/vxeSocket`;
    const socket = new WebSocket(`${base}/${caller.userId}/sweep-${role}`, [caller.token]);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const page = new LivePage(socket);
    const problems: string[] = [];
    let delivered = 0;
    try {
      for (const entity of t.ctx.entities) {
        if (!caller.permissions.has(permissionCode(entity.schema, 'list'))) continue;
        const rows = await rowsOf(entity);
        const expected = await expectedIds(entity, caller);
        if (!rows || !expected) continue;
        page.send({ type: 'bind', data: { socketKey: entity.schema.name, batch: true } });
        await page.drain();
        // A few rows inside the scope and a few outside it change.
        const sample = [...rows.filter((r) => expected.has(String(r.id))).slice(0, 3), ...rows.filter((r) => !expected.has(String(r.id))).slice(0, 5)];
        for (const row of sample) await t.ctx.live!.rowChanged({ tenantId: 1, entity: entity.schema.name, id: String(row.id) });
        const inFull = caller.permissions.has(permissionCode(entity.schema, 'edit'));
        const stored = new Map(rows.map((r) => [String(r.id), r]));
        for (const row of await page.drain()) {
          delivered += 1;
          if (!expected.has(String(row.id))) problems.push(`${entity.schema.name} live: row ${String(row.id)} is outside ${role}'s scope`);
          for (const problem of hiddenValueProblems(entity, caller, row, stored.get(String(row.id)), inFull)) problems.push(`${entity.schema.name} live: ${problem}`);
        }
      }
    } finally {
      socket.terminate();
    }
    expect(delivered).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});

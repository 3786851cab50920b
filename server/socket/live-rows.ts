/**
 * Live row updates for editable grids (`/vxeSocket/{userId}/{pageId}`, contract §7 and issue 6). JeecgBoot
 * rebroadcast whatever row a client sent to every open socket; here a change is only ever a row *id*: the server
 * reads the row itself and sends each page the row as that page's user may see it — their tenant, their data scope
 * (customer, department, data rules) and masking — and nothing to pages that may not see it.
 *
 * Changes come from the server's own writes (edit, operations) and from clients' `update_vxe_table` messages,
 * which are taken as "row <id> of table <socketKey> changed" once the sender is shown to see that row. With
 * REDIS_URL the change ids fan out across server processes on the channel `vxeSocket`; each process delivers to
 * the pages it holds.
 */
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { AppContext, Caller } from '../context.ts';
import { permissionCode } from '../../src/contracts/entity.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { findRow, presentRows } from '../entity/repository.ts';
import { readScopeConditions } from '../entity/data-scope.ts';
import { tableTextsForRows } from '../dict/table-dicts.ts';
import { applyRowMasks, maskApplies } from '../../src/contracts/row-masks.ts';
import type { WireRecord } from '../../src/contracts/envelope.ts';

export const VXE_CHANNEL = 'vxeSocket';
const OPEN = 1;
/**
 * A page's read scope is reused for at most this long, and only while its caller is unchanged (a session check
 * replaces the caller), so scope is computed per page per second rather than per page per change. Data-rule
 * values from the clock (`#{sys_time}`, one-second resolution) are then at most a second old.
 */
const SCOPE_MEMO_MS = 1000;

type ScopeConditions = Awaited<ReturnType<typeof readScopeConditions>>;

interface ScopeMemo {
  caller: Caller;
  at: number;
  conditions: ScopeConditions;
  /** The compiled conditions: pages with equal keys see the same row. */
  key: string;
}

export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LivePage {
  pageId: string;
  /** The session token the page opened with, to re-check the session while the socket lives. */
  token: string;
  socket: LiveSocket;
  caller: Caller;
  /** Entity names (socket keys) this page shows in a live grid. */
  tables: Set<string>;
}

export interface RowChange {
  tenantId: number;
  entity: string;
  id: string;
  /** The page that made the change (its grid ignores its own echo). */
  caseId?: string | null;
}

export class LiveRows {
  private readonly pages = new Map<string, LivePage>();
  private readonly publisher: Redis | null = null;
  private readonly subscriber: Redis | null = null;
  private readonly ready: Promise<void> = Promise.resolve();
  /** Deliveries under way, so a heartbeat can be answered after every update already started (in order). */
  private readonly pending = new Set<Promise<unknown>>();
  private readonly scopes = new WeakMap<LivePage, Map<string, ScopeMemo>>();
  /** Entities as presented before row masks (which are then decided per receiving caller). */
  private readonly unmasked = new WeakMap<EntityRuntime, EntityRuntime>();

  constructor(private readonly ctx: AppContext, redisUrl?: string) {
    if (!redisUrl) return;
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== VXE_CHANNEL) return;
      let change: RowChange;
      try {
        change = JSON.parse(text) as RowChange;
      } catch {
        return; // Not ours.
      }
      const work = this.deliver(change).catch(() => 0);
      this.pending.add(work);
      void work.finally(() => this.pending.delete(work));
    });
    this.ready = this.subscriber.subscribe(VXE_CHANNEL).then(() => undefined);
    this.ready.catch(() => undefined);
  }

  whenReady(): Promise<void> {
    return this.ready;
  }

  entityOf(name: string): EntityRuntime | undefined {
    return this.ctx.entities.find((e) => e.schema.name === name && e.schema.managedBy !== 'server');
  }

  add(page: LivePage): void {
    this.pages.get(page.pageId)?.socket.close(4000, 'replaced');
    this.pages.set(page.pageId, page);
  }

  remove(pageId: string, socket: LiveSocket): void {
    if (this.pages.get(pageId)?.socket === socket) this.pages.delete(pageId);
  }

  /** The page shows a live grid of this entity; only entities the page's user may list can be bound. */
  bind(pageId: string, socketKey: string): boolean {
    const page = this.pages.get(pageId);
    const entity = this.entityOf(socketKey);
    if (!page || !entity || !page.caller.permissions.has(permissionCode(entity.schema, 'list'))) return false;
    page.tables.add(socketKey);
    return true;
  }

  /** Whether this caller may see the row (the check a client's update message must pass before it is relayed). */
  async canSee(caller: Caller, entityName: string, id: string): Promise<boolean> {
    const entity = this.entityOf(entityName);
    if (!entity || !caller.permissions.has(permissionCode(entity.schema, 'list'))) return false;
    return (await findRow(this.ctx.db, entity, caller.tenantId, id, await readScopeConditions(this.ctx.db, entity, caller))) !== null;
  }

  /** A row changed: every process delivers it to its pages showing that table. */
  async rowChanged(change: RowChange): Promise<void> {
    const work = this.publisher ? this.publisher.publish(VXE_CHANNEL, JSON.stringify(change)) : this.deliver(change);
    this.pending.add(work);
    try {
      await work;
    } finally {
      this.pending.delete(work);
    }
  }

  /** Resolves when the deliveries started so far have been sent (or failed). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /** The page's memoised read scope for the entity, when still fresh (synchronous, so most pages cost no await). */
  private memoisedScope(page: LivePage, entity: EntityRuntime, now: number): ScopeMemo | undefined {
    const memo = this.scopes.get(page)?.get(entity.schema.name);
    return memo && memo.caller === page.caller && now - memo.at < SCOPE_MEMO_MS ? memo : undefined;
  }

  private async freshScope(page: LivePage, entity: EntityRuntime, now: number): Promise<ScopeMemo> {
    const caller = page.caller;
    const conditions = await readScopeConditions(this.ctx.db, entity, caller);
    const compiled = sql.join([sql`true`, ...conditions], sql` and `).compile(this.ctx.db);
    const memo: ScopeMemo = { caller, at: now, conditions, key: `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}` };
    const byEntity = this.scopes.get(page) ?? new Map<string, ScopeMemo>();
    byEntity.set(entity.schema.name, memo);
    this.scopes.set(page, byEntity);
    return memo;
  }

  private withoutRowMasks(entity: EntityRuntime): EntityRuntime {
    let bare = this.unmasked.get(entity);
    if (!bare) {
      bare = { ...entity, schema: { ...entity.schema, rowMasks: undefined } };
      this.unmasked.set(entity, bare);
    }
    return bare;
  }

  /**
   * Per scope, the row as that scope may see it (null: not at all). The row is the same for every scope (scope
   * decides whether, not what), so it is read in two statements however many scopes there are: which scopes see
   * it, then the row itself only if every one of those answers still holds — a row edited in between is never
   * sent on a stale answer; then each scope reads it on its own, as a single scope does.
   */
  private async readForScopes(entity: EntityRuntime, tenantId: number, id: string, scopes: ScopeConditions[]): Promise<Array<WireRecord | null>> {
    const db = this.ctx.db;
    const eachOnItsOwn = () => Promise.all(scopes.map((conditions) => findRow(db, entity, tenantId, id, conditions)));
    if (scopes.length === 1) return eachOnItsOwn();
    const tests = scopes.map((conditions) => sql`(${sql.join([sql`true`, ...conditions], sql` and `)})`);
    const flags = await sql<Record<string, boolean | null>>`select ${sql.join(tests.map((test, i) => sql`${test} as ${sql.id(`s${i}`)}`))}
      from ${sql.id(entity.schema.table)} where tenant_id = ${tenantId} and id = ${id}`.execute(db);
    const hit = flags.rows[0];
    if (!hit) return scopes.map(() => null);
    const visible = scopes.map((_, i) => hit[`s${i}`] === true);
    if (!visible.includes(true)) return scopes.map(() => null);
    const row = await findRow(db, entity, tenantId, id, tests.map((test, i) => (visible[i] ? sql`${test} is true` : sql`${test} is not true`)));
    return row ? visible.map((v) => (v ? row : null)) : eachOnItsOwn();
  }

  /** Sends the row to each page of the tenant showing the table, as that page's user may see it. */
  async deliver(change: RowChange): Promise<number> {
    const entity = this.entityOf(change.entity);
    if (!entity) return 0;
    const list = permissionCode(entity.schema, 'list');
    const edit = permissionCode(entity.schema, 'edit');
    const receivers = [...this.pages.values()].filter(
      (page) => page.caller.tenantId === change.tenantId && page.tables.has(change.entity) && page.caller.permissions.has(list) && page.socket.readyState === OPEN,
    );
    if (receivers.length === 0) return 0;
    // Receivers with the same scope conditions see the same row: one read per distinct scope, not per page.
    const byScope = new Map<string, { conditions: ScopeConditions; pages: LivePage[] }>();
    const now = Date.now();
    for (const page of receivers) {
      const scope = this.memoisedScope(page, entity, now) ?? (await this.freshScope(page, entity, now));
      const group = byScope.get(scope.key) ?? { conditions: scope.conditions, pages: [] };
      group.pages.push(page);
      byScope.set(scope.key, group);
    }
    const groups = [...byScope.values()];
    const rows = await this.readForScopes(entity, change.tenantId, change.id, groups.map((g) => g.conditions));
    const masks = entity.schema.rowMasks ?? [];
    // What a page gets depends only on the row, whether its fields are masked (no edit right) and which row masks
    // apply to its caller, so each distinct view is presented and serialised once, not once per page.
    // Usually one row object for all scopes; several only when the row changed while it was read.
    const distinct = [...new Set(rows)];
    const texts = new Map<WireRecord, Awaited<ReturnType<typeof tableTextsForRows>>>();
    const views = new Map<string, WireRecord>();
    const frames = new Map<string, string>();
    let sent = 0;
    for (const [i, { pages }] of groups.entries()) {
      const row = rows[i];
      if (!row) continue;
      const r = distinct.indexOf(row);
      let tableTexts = texts.get(row);
      if (!tableTexts) {
        tableTexts = await tableTextsForRows(this.ctx.db, this.ctx.tableDicts, entity, change.tenantId, [row]);
        texts.set(row, tableTexts);
      }
      for (const page of pages) {
        const maskFields = !page.caller.permissions.has(edit);
        let view = views.get(`${r}:${maskFields}`);
        if (!view) {
          [view] = presentRows(this.withoutRowMasks(entity), this.ctx.dicts, [row], maskFields, tableTexts);
          views.set(`${r}:${maskFields}`, view);
        }
        const base = view;
        const key = `${r}:${maskFields}:${masks.map((mask) => (maskApplies(mask, base, page.caller) ? 1 : 0)).join('')}`;
        let frame = frames.get(key);
        if (frame === undefined) {
          const shown = applyRowMasks(masks, base, page.caller);
          frame = JSON.stringify({ type: 'update_vxe_table', data: { socketKey: change.entity, args: [shown, change.caseId ?? null] } });
          frames.set(key, frame);
        }
        page.socket.send(frame);
        sent += 1;
      }
    }
    return sent;
  }

  /** Pages whose session ended are closed; the others get the caller's current grants. */
  async refreshCallers(resolve: (page: LivePage) => Promise<Caller | null>): Promise<void> {
    for (const page of [...this.pages.values()]) {
      const caller = await resolve(page);
      if (caller) page.caller = caller;
      else {
        page.socket.close(4001, 'session ended');
        this.pages.delete(page.pageId);
      }
    }
  }

  async close(): Promise<void> {
    for (const page of this.pages.values()) page.socket.close(1001, 'server closing');
    this.pages.clear();
    await Promise.all([this.publisher?.quit(), this.subscriber?.quit()].filter(Boolean));
  }
}

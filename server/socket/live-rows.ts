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
 *
 * Changes are batched per process over a ~50 ms window (live-batch.ts, `VXE_SOCKET_BATCH_MS`, 0 = off): at its end
 * the changed rows of an entity are read in one statement with, per distinct page scope, whether that scope sees
 * each row; each distinct view is presented once, and each page gets one frame with every row it may see —
 * `update_vxe_table_batch` `{socketKey, rows: [[row, caseId], …]}` when its client asked for it in `bind`, otherwise
 * one `update_vxe_table` per row as JeecgBoot clients expect.
 */
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { AppContext, Caller } from '../context.ts';
import { permissionCode } from '../../src/contracts/entity.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { tenantWhere } from '../entity/tenancy.ts';
import { findRow, findRowsTested, presentRows } from '../entity/repository.ts';
import { batchWindowFromEnv, ChangeWindow, type QueuedChanges } from './live-batch.ts';
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
  /** A Buffer goes out as a text frame when `binary` is false (ws), encoded once for all the pages it goes to. */
  send(data: string | Buffer, options?: { binary?: boolean }): void;
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
  /** Its client takes `update_vxe_table_batch` frames (said so in `bind`); otherwise one frame per row. */
  batch?: boolean;
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
  /** The batching window; null when batching is off (each change delivered on its own, the fallback). */
  private readonly window: ChangeWindow | null;

  constructor(private readonly ctx: AppContext, redisUrl?: string, windowMs = batchWindowFromEnv()) {
    this.window =
      windowMs > 0
        ? new ChangeWindow(windowMs, (group) => this.deliverWindow(group), (error, group, givenUp) =>
            process.emitWarning(`vxeSocket: delivering ${group.ids.size} ${group.entity} change(s) failed${givenUp ? ', given up' : ', retrying'}: ${String(error)}`))
        : null;
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
      const work = this.accept(change);
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
    return this.ctx.entities.find((e) => e.schema.name === name);
  }

  add(page: LivePage): void {
    this.pages.get(page.pageId)?.socket.close(4000, 'replaced');
    this.pages.set(page.pageId, page);
  }

  remove(pageId: string, socket: LiveSocket): void {
    if (this.pages.get(pageId)?.socket === socket) this.pages.delete(pageId);
  }

  /** The page shows a live grid of this entity; only entities the page's user may list can be bound. */
  bind(pageId: string, socketKey: string, batch = false): boolean {
    const page = this.pages.get(pageId);
    const entity = this.entityOf(socketKey);
    if (!page || !entity || !page.caller.permissions.has(permissionCode(entity.schema, 'list'))) return false;
    page.tables.add(socketKey);
    if (batch) page.batch = true;
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
    const work = this.publisher ? this.publisher.publish(VXE_CHANNEL, JSON.stringify(change)) : this.accept(change);
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
    await this.window?.idle();
  }

  /** Changes given up after repeated failed deliveries (0 unless the database kept failing). */
  get dropped(): number {
    return this.window?.dropped ?? 0;
  }

  /** This process's share of a change: into the window, or (batching off) delivered now. Never rejects. */
  private accept(change: RowChange): Promise<unknown> {
    if (this.window) return this.window.add(change);
    return this.deliver(change).catch((error: unknown) => process.emitWarning(`vxeSocket: delivering ${change.entity} ${change.id} failed: ${String(error)}`));
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
      from ${sql.id(entity.schema.table)} where ${tenantWhere(entity, tenantId)} and id = ${id}`.execute(db);
    const hit = flags.rows[0];
    if (!hit) return scopes.map(() => null);
    const visible = scopes.map((_, i) => hit[`s${i}`] === true);
    if (!visible.includes(true)) return scopes.map(() => null);
    const row = await findRow(db, entity, tenantId, id, tests.map((test, i) => (visible[i] ? sql`${test} is true` : sql`${test} is not true`)));
    return row ? visible.map((v) => (v ? row : null)) : eachOnItsOwn();
  }

  /**
   * The open pages of the tenant showing the entity's grid whose user may list it, grouped by read scope: receivers
   * with the same scope conditions see the same rows, so rows are tested once per distinct scope, not per page.
   */
  private async receiversByScope(entity: EntityRuntime, tenantId: number): Promise<Array<{ conditions: ScopeConditions; pages: LivePage[] }>> {
    const list = permissionCode(entity.schema, 'list');
    const name = entity.schema.name;
    const byScope = new Map<string, { conditions: ScopeConditions; pages: LivePage[] }>();
    const now = Date.now();
    for (const page of [...this.pages.values()]) {
      if (page.caller.tenantId !== tenantId || !page.tables.has(name) || !page.caller.permissions.has(list) || page.socket.readyState !== OPEN) continue;
      const scope = this.memoisedScope(page, entity, now) ?? (await this.freshScope(page, entity, now));
      const group = byScope.get(scope.key) ?? { conditions: scope.conditions, pages: [] };
      group.pages.push(page);
      byScope.set(scope.key, group);
    }
    return [...byScope.values()];
  }

  /**
   * One window's changes of an entity: the rows read once with which scopes see each, every distinct view presented
   * and serialised once, and each page sent one frame with the rows it may see (or one frame per row to a page whose
   * client did not ask for batches). A page that may see none of the rows gets nothing.
   */
  async deliverWindow(group: QueuedChanges): Promise<number> {
    const entity = this.entityOf(group.entity);
    if (!entity) return 0;
    const scopes = await this.receiversByScope(entity, group.tenantId);
    if (scopes.length === 0) return 0;
    const found = await findRowsTested(this.ctx.db, entity, group.tenantId, [...group.ids.keys()], scopes.map((s) => s.conditions));
    const visible = found.filter((f) => f.passes.includes(true));
    if (visible.length === 0) return 0;
    const rows = visible.map((f) => f.row);
    const tableTexts = await tableTextsForRows(this.ctx.db, this.ctx.tableDicts, entity, group.tenantId, rows);
    const edit = permissionCode(entity.schema, 'edit');
    const masks = entity.schema.rowMasks ?? [];
    const socketKey = JSON.stringify(group.entity);
    // Presented rows per field masking (without row masks, which depend on the receiving caller).
    const views = new Map<boolean, WireRecord[]>();
    // `[row, caseId]` as JSON per (row, field masking, which row masks apply), and whole frames per distinct content.
    const pieces = new Map<string, string>();
    // Encoded once: ws would otherwise measure and encode the string again for every page it is sent to.
    const frames = new Map<string, Buffer>();
    const text = { binary: false };
    let sent = 0;
    for (const [g, { pages }] of scopes.entries()) {
      const mine = visible.flatMap((f, r) => (f.passes[g] ? [r] : []));
      if (mine.length === 0) continue;
      for (const page of pages) {
        const maskFields = !page.caller.permissions.has(edit);
        let view = views.get(maskFields);
        if (!view) {
          view = presentRows(this.withoutRowMasks(entity), this.ctx.dicts, rows, maskFields, tableTexts);
          views.set(maskFields, view);
        }
        const keys = mine.map((r) => `${r}:${maskFields}:${masks.map((mask) => (maskApplies(mask, view[r], page.caller) ? 1 : 0)).join('')}`);
        const parts = keys.map((key, k) => {
          let piece = pieces.get(key);
          if (piece === undefined) {
            const r = mine[k];
            piece = JSON.stringify([applyRowMasks(masks, view[r], page.caller), group.ids.get(String(rows[r].id)) ?? null]);
            pieces.set(key, piece);
          }
          return piece;
        });
        if (page.batch) {
          const key = keys.join(',');
          let frame = frames.get(key);
          if (frame === undefined) {
            frame = Buffer.from(`{"type":"update_vxe_table_batch","data":{"socketKey":${socketKey},"rows":[${parts.join(',')}]}}`);
            frames.set(key, frame);
          }
          page.socket.send(frame, text);
          sent += 1;
        } else {
          for (const [k, part] of parts.entries()) {
            let frame = frames.get(`1:${keys[k]}`);
            if (frame === undefined) {
              frame = Buffer.from(`{"type":"update_vxe_table","data":{"socketKey":${socketKey},"args":${part}}}`);
              frames.set(`1:${keys[k]}`, frame);
            }
            page.socket.send(frame, text);
          }
          sent += parts.length;
        }
      }
    }
    return sent;
  }

  /** Sends the row to each page of the tenant showing the table, as that page's user may see it. */
  async deliver(change: RowChange): Promise<number> {
    const entity = this.entityOf(change.entity);
    if (!entity) return 0;
    const edit = permissionCode(entity.schema, 'edit');
    const groups = await this.receiversByScope(entity, change.tenantId);
    if (groups.length === 0) return 0;
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
    this.window?.close();
    for (const page of this.pages.values()) page.socket.close(1001, 'server closing');
    this.pages.clear();
    await Promise.all([this.publisher?.quit(), this.subscriber?.quit()].filter(Boolean));
  }
}

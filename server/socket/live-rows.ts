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

export const VXE_CHANNEL = 'vxeSocket';
const OPEN = 1;

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

  /** Sends the row to each page of the tenant showing the table, as that page's user may see it. */
  async deliver(change: RowChange): Promise<number> {
    const entity = this.entityOf(change.entity);
    if (!entity) return 0;
    const list = permissionCode(entity.schema, 'list');
    const receivers = [...this.pages.values()].filter(
      (page) => page.caller.tenantId === change.tenantId && page.tables.has(change.entity) && page.caller.permissions.has(list) && page.socket.readyState === OPEN,
    );
    if (receivers.length === 0) return 0;
    // Receivers with the same scope conditions see the same row: one read per distinct scope, not per page.
    const byScope = new Map<string, { conditions: Awaited<ReturnType<typeof readScopeConditions>>; pages: LivePage[] }>();
    for (const page of receivers) {
      const conditions = await readScopeConditions(this.ctx.db, entity, page.caller);
      const compiled = sql.join([sql`true`, ...conditions], sql` and `).compile(this.ctx.db);
      const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
      const group = byScope.get(key) ?? { conditions, pages: [] };
      group.pages.push(page);
      byScope.set(key, group);
    }
    let sent = 0;
    for (const { conditions, pages } of byScope.values()) {
      const row = await findRow(this.ctx.db, entity, change.tenantId, change.id, conditions);
      if (!row) continue;
      const tableTexts = await tableTextsForRows(this.ctx.db, this.ctx.tableDicts, entity, change.tenantId, [row]);
      for (const page of pages) {
        const [shown] = presentRows(entity, this.ctx.dicts, [row], !page.caller.permissions.has(permissionCode(entity.schema, 'edit')), tableTexts, page.caller);
        page.socket.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: change.entity, args: [shown, change.caseId ?? null] } }));
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

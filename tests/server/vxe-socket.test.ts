/**
 * /vxeSocket/{userId}/{pageId}: live row updates for editable grids. A change is only ever a row id; each page gets
 * the row as its own user may see it (scope, data rules, masking) or nothing.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { findSessionGrants } from '../../server/auth/sessions.ts';
import { LiveRows, type LiveSocket } from '../../server/socket/live-rows.ts';

interface Message {
  type: string;
  data: { socketKey?: string; args?: [WireRecord, string | null]; rows?: Array<[WireRecord, string | null]> } | boolean;
}

/** A page's socket that queues what the server sends, so a test can await messages in order. */
class Page {
  private readonly queue: Message[] = [];
  private waiting: ((message: Message) => void) | null = null;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Message;
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(message);
      } else this.queue.push(message);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  next(): Promise<Message> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Everything the server sent before a heartbeat round trip (the server answers messages in order). */
  async drain(): Promise<Message[]> {
    this.send({ type: 'heart_beat', data: '' });
    const seen: Message[] = [];
    for (;;) {
      const message = await this.next();
      if (message.type === 'heart_beat') return seen;
      seen.push(message);
    }
  }
}

describe.each(BACKENDS)('/vxeSocket on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const pages: Page[] = [];
  let driverId: string;
  let hiddenId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/jeecg-boot/vxeSocket`;
    for (const row of await t.ctx.db.selectFrom('sys_user').select(['id', 'username']).execute()) ids[row.username] = row.id;
    // Two drivers of the shipper's own waybills (a shipper sees no other driver).
    const drivers = (await sql<{ id: string }>`select distinct driver_id as id from hy_shipping_note
      where customer_id = (select customer_id from sys_user where username = 'shipper') order by 1 limit 2`.execute(t.ctx.db)).rows;
    expect(drivers).toHaveLength(2);
    [driverId, hiddenId] = [drivers[0].id, drivers[1].id];
    // The shipper role may see both but one (a data rule on the drivers page), and never full id cards.
    await sql`insert into sys_permission_data_rule (id, permission_id, rule_name, rule_column, rule_conditions, rule_value, status)
      values ('r-hide', 'page:hyDriver', 'hide one', 'id', '!=', ${hiddenId}, '1')`.execute(t.ctx.db);
    await sql`update sys_role_permission set data_rule_ids = 'r-hide'
      where permission_id = 'page:hyDriver' and role_id = (select id from sys_role where role_code = 'shipper')`.execute(t.ctx.db);
    for (const name of ['admin', 'ops', 'shipper']) tokens[name] = await t.login(name);
  });
  afterAll(async () => {
    for (const page of pages) page.socket.terminate();
    await t?.close();
  });

  async function open(user: string, pageId: string): Promise<Page> {
    const socket = new WebSocket(`${base}/${ids[user]}/${pageId}`, [tokens[user]]);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const page = new Page(socket);
    pages.push(page);
    return page;
  }

  function status(url: string, protocols?: string[]): Promise<number> {
    return new Promise((resolve) => {
      const socket = new WebSocket(url, protocols);
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('error', () => undefined);
    });
  }

  const editDriver = (id: string, remark: string) =>
    t.call({ method: 'PUT', url: '/jeecg-boot/hydriver/hyDriver/edit', token: tokens.admin, payload: { id, remark } });

  it('refuses handshakes without a token, with a bad one, or for another user; answers heartbeats', async () => {
    expect(await status(`${base}/${ids.admin}/p0`)).toBe(401);
    expect(await status(`${base}/${ids.admin}/p0`, ['not-a-token'])).toBe(401);
    expect(await status(`${base}/${ids.ops}/p0`, [tokens.admin])).toBe(403);
    const page = await open('admin', 'p-beat');
    expect(page.socket.protocol).toBe(tokens.admin);
    page.send({ type: 'heart_beat', data: '' });
    expect(await page.next()).toEqual({ type: 'heart_beat', data: true });
  });

  it('sends an edited row to the pages showing that table, as each user may see it', async () => {
    const admin = await open('admin', 'p-admin');
    const shipper = await open('shipper', 'p-shipper');
    const idle = await open('ops', 'p-idle'); // shows no driver grid
    for (const page of [admin, shipper]) page.send({ type: 'bind', data: { socketKey: 'hyDriver' } });
    for (const page of [admin, shipper]) await page.drain(); // the binds are in before the edit
    expect((await editDriver(driverId, '已联系')).body.success).toBe(true);

    const [toAdmin] = await admin.drain();
    const [toShipper] = await shipper.drain();
    const row = (m: Message) => (m.data as { args: [WireRecord, string | null] }).args[0];
    expect(toAdmin.type).toBe('update_vxe_table');
    expect(row(toAdmin)).toMatchObject({ id: driverId, remark: '已联系' });
    expect(String(row(toAdmin).idCard)).not.toContain('*');
    expect(row(toShipper)).toMatchObject({ id: driverId, remark: '已联系' });
    expect(String(row(toShipper).idCard)).toContain('*');
    expect(await idle.drain()).toEqual([]);
  });

  it('sends nothing to a page whose user may not see the row', async () => {
    const admin = await open('admin', 'p-admin-2');
    const shipper = await open('shipper', 'p-shipper-2');
    for (const page of [admin, shipper]) page.send({ type: 'bind', data: { socketKey: 'hyDriver' } });
    for (const page of [admin, shipper]) await page.drain();
    await editDriver(hiddenId, '不给货主看');
    expect((await admin.drain()).map((m) => m.type)).toEqual(['update_vxe_table']);
    expect(await shipper.drain()).toEqual([]);
  });

  it('hides an agent-mode waybill’s fees from its shipper but not from staff (row masks per receiving user)', async () => {
    const [note] = (
      await sql<{ id: string }>`select id from hy_shipping_note
        where customer_id = (select customer_id from sys_user where username = 'shipper') order by id limit 1`.execute(t.ctx.db)
    ).rows;
    await sql`update hy_shipping_note set order_mode = '3', customer_fee = 7360, driver_fee = 6400,
      agent_id = (select id from hy_customer where id <> (select customer_id from sys_user where username = 'shipper') order by id limit 1)
      where id = ${note.id}`.execute(t.ctx.db);
    const admin = await open('admin', 'p-admin-fees');
    const shipper = await open('shipper', 'p-shipper-fees');
    for (const page of [admin, shipper]) page.send({ type: 'bind', data: { socketKey: 'hyShippingNote' } });
    for (const page of [admin, shipper]) await page.drain();
    await t.ctx.live!.rowChanged({ tenantId: 1, entity: 'hyShippingNote', id: note.id });
    const row = (m: Message) => (m.data as { args: [WireRecord, string | null] }).args[0];
    const [toAdmin] = await admin.drain();
    const [toShipper] = await shipper.drain();
    expect(row(toAdmin)).toMatchObject({ id: note.id });
    expect(Number(row(toAdmin).customerFee)).toBe(7360);
    expect(row(toShipper)).toMatchObject({ id: note.id, customerFee: '--', driverFee: '--' });
  });

  it('relays a client’s update as the server’s row, never the row the client sent, and not back to the sender', async () => {
    const sender = await open('ops', 'p-sender');
    const other = await open('admin', 'p-other');
    other.send({ type: 'bind', data: { socketKey: 'hyDriver' } });
    await other.drain();
    sender.send({ type: 'update_vxe_table', data: { socketKey: 'hyDriver', args: [{ id: driverId, remark: '伪造的内容' }, 'case-sender'] } });
    await sender.drain(); // handled in order: the relay has been sent when the sender's heartbeat comes back
    const [relayed] = await other.drain();
    const [row, caseId] = (relayed.data as { args: [WireRecord, string] }).args;
    expect(caseId).toBe('case-sender');
    expect(row.remark).toBe('已联系');
    // A row the sender cannot see is not relayed at all.
    const shipper = await open('shipper', 'p-shipper-3');
    shipper.send({ type: 'update_vxe_table', data: { socketKey: 'hyDriver', args: [{ id: hiddenId }, 'case-x'] } });
    await shipper.drain();
    expect(await other.drain()).toEqual([]);
  });
  it('sends a batching page one frame per window with every row it may see, each once, in its latest state, masked', async () => {
    const admin = await open('admin', 'p-batch-admin');
    const shipper = await open('shipper', 'p-batch-shipper');
    for (const page of [admin, shipper]) page.send({ type: 'bind', data: { socketKey: 'hyDriver', batch: true } });
    for (const page of [admin, shipper]) await page.drain();
    await sql`update hy_driver set remark = '批量一' where id = ${driverId}`.execute(t.ctx.db);
    await sql`update hy_driver set remark = '批量二' where id = ${hiddenId}`.execute(t.ctx.db);
    // Within one window: the first row twice (sent once), the hidden row once, the first again from a page.
    await Promise.all([
      t.ctx.live!.rowChanged({ tenantId: 1, entity: 'hyDriver', id: driverId }),
      t.ctx.live!.rowChanged({ tenantId: 1, entity: 'hyDriver', id: hiddenId, caseId: 'case-a' }),
      t.ctx.live!.rowChanged({ tenantId: 1, entity: 'hyDriver', id: driverId }),
    ]);
    const toAdmin = await admin.drain();
    const toShipper = await shipper.drain();
    expect(toAdmin.map((m) => m.type)).toEqual(['update_vxe_table_batch']);
    const adminRows = (toAdmin[0].data as { rows: Array<[WireRecord, string | null]> }).rows;
    expect(adminRows.map(([row, caseId]) => [row.id, row.remark, caseId]).sort()).toEqual(
      [[driverId, '批量一', null], [hiddenId, '批量二', 'case-a']].sort(),
    );
    expect(String(adminRows[0][0].idCard)).not.toContain('*');
    expect(toShipper.map((m) => m.type)).toEqual(['update_vxe_table_batch']);
    const shipperRows = (toShipper[0].data as { socketKey: string; rows: Array<[WireRecord, string | null]> });
    expect(shipperRows.socketKey).toBe('hyDriver');
    expect(shipperRows.rows).toHaveLength(1);
    expect(shipperRows.rows[0][0]).toMatchObject({ id: driverId, remark: '批量一' });
    expect(String(shipperRows.rows[0][0].idCard)).toContain('*');
  });

  it('sends a page nothing when it may see none of the window’s rows; a page without batches gets one frame per row', async () => {
    const admin = await open('admin', 'p-batch-admin-2');
    const shipper = await open('shipper', 'p-batch-shipper-2');
    const legacy = await open('ops', 'p-legacy');
    for (const page of [admin, shipper]) page.send({ type: 'bind', data: { socketKey: 'hyDriver', batch: true } });
    legacy.send({ type: 'bind', data: { socketKey: 'hyDriver' } });
    for (const page of [admin, shipper, legacy]) await page.drain();
    await Promise.all([hiddenId, driverId].map((id) => t.ctx.live!.rowChanged({ tenantId: 1, entity: 'hyDriver', id })));
    expect((await legacy.drain()).map((m) => [m.type, (m.data as { args: [WireRecord, string | null] }).args[0].id]).sort()).toEqual(
      [['update_vxe_table', driverId], ['update_vxe_table', hiddenId]].sort(),
    );
    expect((await admin.drain()).map((m) => (m.data as { rows: unknown[] }).rows.length)).toEqual([2]);
    await shipper.drain();
    await t.ctx.live!.rowChanged({ tenantId: 1, entity: 'hyDriver', id: hiddenId });
    expect((await admin.drain()).map((m) => m.type)).toEqual(['update_vxe_table_batch']);
    expect(await shipper.drain()).toEqual([]);
  });

  it('sends one frame per change with batching off (the fallback, VXE_SOCKET_BATCH_MS=0)', async () => {
    const grants = await findSessionGrants(t.ctx.db, tokens.admin);
    const { permissionCodes, ...session } = grants!;
    const sent: string[] = [];
    const socket: LiveSocket = { readyState: 1, send: (data) => void sent.push(String(data)), close: () => undefined };
    const unbatched = new LiveRows(t.ctx, undefined, 0);
    unbatched.add({ pageId: 'p-unbatched', token: tokens.admin, socket, caller: { ...session, tenantId: 1, permissions: permissionCodes }, tables: new Set() });
    expect(unbatched.bind('p-unbatched', 'hyDriver', true)).toBe(true);
    await unbatched.rowChanged({ tenantId: 1, entity: 'hyDriver', id: driverId });
    await unbatched.rowChanged({ tenantId: 1, entity: 'hyDriver', id: driverId });
    expect(sent.map((frame) => (JSON.parse(frame) as Message).type)).toEqual(['update_vxe_table', 'update_vxe_table']);
    await unbatched.close();
  });
});

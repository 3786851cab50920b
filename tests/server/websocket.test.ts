import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { SocketHub, type PushSocket } from '../../server/domains/system/announcements/socket-hub.ts';

const API = '/jeecg-boot/sys/annountCement';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Pushed {
  cmd: string;
  msgId?: string;
  msgTxt?: string;
}

/** A connected client that queues what the server sends, so a test awaits messages in order. */
class Client {
  private readonly queue: Pushed[] = [];
  private waiting: ((message: Pushed) => void) | null = null;
  readonly closed: Promise<number>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Pushed;
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(message);
      } else this.queue.push(message);
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  next(): Promise<Pushed> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** A heartbeat round trip: everything the server sent before it has arrived by the time it answers. */
  async drain(): Promise<Pushed[]> {
    this.socket.send('HeartBeat');
    const seen: Pushed[] = [];
    for (;;) {
      const message = await this.next();
      if (message.cmd === 'heartcheck') return seen;
      seen.push(message);
    }
  }
}

describe.each(BACKENDS)('/websocket/{userId} on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let ops: string;
  let shipper: string;
  const ids: Record<string, string> = {};
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/jeecg-boot/websocket`;
    admin = await t.login('admin');
    ops = await t.login('ops');
    shipper = await t.login('shipper');
    for (const row of await t.ctx.db.selectFrom('sys_user').select(['id', 'username']).execute()) ids[row.username] = row.id;
  });
  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await t?.close();
  });

  /** The handshake's HTTP status when the server refuses it, or 101 when it upgrades. */
  function handshake(url: string, protocols?: string[]): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, protocols);
      socket.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.on('open', () => {
        resolve(101);
        socket.close();
      });
      socket.on('error', (error) => {
        if (!String(error.message).includes('Unexpected server response')) reject(error);
      });
    });
  }

  async function connect(username: string, token: string): Promise<Client> {
    const socket = new WebSocket(`${base}/${ids[username]}`, [token]);
    const client = new Client(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    clients.push(client);
    return client;
  }

  async function publish(fields: Record<string, unknown>): Promise<string> {
    const added = await t.call<{ id: string }>({
      method: 'POST',
      url: `${API}/add`,
      token: admin,
      payload: { msgCategory: '1', priority: 'H', msgType: 'ALL', ...fields },
    });
    const id = added.body.result.id;
    const released = await t.call({ method: 'GET', url: `${API}/doReleaseData?id=${id}`, token: admin });
    expect(released.body.success).toBe(true);
    return id;
  }

  it('refuses a handshake without a token, with a bad or URL token, or for another user’s id', async () => {
    expect(await handshake(`${base}/${ids.admin}`)).toBe(401);
    expect(await handshake(`${base}/${ids.admin}`, ['not-a-session-token'])).toBe(401);
    expect(await handshake(`${base}/${ids.admin}?token=${admin}`)).toBe(401);
    expect(await handshake(`${base}/${ids.ops}`, [admin])).toBe(403);
    expect(await handshake(`${base}/${ids.admin}`, [admin])).toBe(101);
  });

  it('echoes the token subprotocol and refuses a token after logout', async () => {
    const client = await connect('admin', admin);
    expect(client.socket.protocol).toBe(admin);
    const token = await t.login('shipperadmin');
    await t.call({ method: 'POST', url: '/jeecg-boot/sys/logout', token });
    expect(await handshake(`${base}/${ids.shipperadmin}`, [token])).toBe(401);
  });

  it('pushes a published ALL notice to every connected user of the tenant, and a USER message to its addressees only', async () => {
    const opsClient = await connect('ops', ops);
    const shipperClient = await connect('shipper', shipper);
    const all = await publish({ titile: '全员：系统维护' });
    expect(await opsClient.next()).toEqual({ cmd: 'topic', msgId: all, msgTxt: '全员：系统维护' });
    expect(await shipperClient.next()).toEqual({ cmd: 'topic', msgId: all, msgTxt: '全员：系统维护' });

    const personal = await publish({ titile: '运营专属', msgType: 'USER', userIds: 'ops' });
    expect(await opsClient.next()).toEqual({ cmd: 'user', msgId: personal, msgTxt: '运营专属' });
    expect(await shipperClient.drain()).toEqual([]);
  });

  it('keeps several tabs of one user, and answers a heartbeat to its sender only', async () => {
    const first = await connect('shipper', shipper);
    const second = await connect('shipper', shipper);
    first.socket.send('HeartBeat');
    expect(await first.next()).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    const id = await publish({ titile: '两个标签页' });
    expect(await first.next()).toMatchObject({ cmd: 'topic', msgId: id });
    // The second tab got the notice too, and never the first tab's heartbeat answer.
    expect(await second.next()).toMatchObject({ cmd: 'topic', msgId: id });
    expect(await second.drain()).toEqual([]);
  });

  it('closes open sockets when the app closes', async () => {
    const client = await connect('ops', ops);
    await t.app.close();
    expect(await client.closed).toBeGreaterThanOrEqual(1000);
  });
});

describe('socket hub fan-out through Redis (two server processes)', () => {
  it('delivers a push sent by one process to the socket another process holds', async () => {
    const channel = `socketHandler-test-${crypto.randomBytes(4).toString('hex')}`;
    const sender = new SocketHub(REDIS_URL, channel);
    const holder = new SocketHub(REDIS_URL, channel);
    try {
      await Promise.all([sender.whenReady(), holder.whenReady()]);
      const received: string[] = [];
      let resolve: () => void = () => undefined;
      const arrived = new Promise<void>((r) => (resolve = r));
      const socket: PushSocket = {
        readyState: 1,
        send: (data) => {
          received.push(data);
          resolve();
        },
        close: () => undefined,
      };
      holder.add('user-1', socket);
      await sender.send(['user-1', 'user-2'], { cmd: 'topic', msgId: 'a1', msgTxt: '跨进程' });
      await arrived;
      expect(received.map((text) => JSON.parse(text))).toEqual([{ cmd: 'topic', msgId: 'a1', msgTxt: '跨进程' }]);
      expect(sender.count('user-1')).toBe(0);
    } finally {
      await sender.close();
      await holder.close();
    }
  });
});

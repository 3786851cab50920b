/** The vxeSocket client's protocol: heartbeat rhythm, reconnects, row delivery without the page's own echo. */
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_EVERY_MS, HEARTBEAT_TIMEOUT_MS, RECONNECT_AFTER_MS, VxeSocketClient, type SocketLike } from '../../src/providers/vxe-socket.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<{ type: string; data: unknown }> = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string, readonly protocols: string[]) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string; data: unknown });
  }
  close() {
    this.closed = true;
  }
  openNow() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const client = new VxeSocketClient({
    url: 'ws://x/jeecg-boot/vxeSocket/u1/p1',
    token: 'tok',
    open: (url, protocols) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => void ((handle as { cleared: boolean }).cleared = true),
  });
  const fire = (ms: number) => {
    const due = timers.filter((t) => !t.cleared && t.ms === ms);
    for (const timer of due) {
      timer.cleared = true;
      timer.fn();
    }
    return due.length;
  };
  return { client, sockets, fire };
}

describe('vxeSocket client', () => {
  it('opens on first use with the token as subprotocol, binds its tables and beats', () => {
    const { client, sockets, fire } = setup();
    client.subscribe('hyDriver', 'case-1', () => undefined);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].protocols).toEqual(['tok']);
    sockets[0].openNow();
    expect(sockets[0].sent.map((m) => m.type)).toEqual(['bind', 'heart_beat']);
    sockets[0].receive({ type: 'heart_beat', data: true });
    expect(fire(HEARTBEAT_EVERY_MS)).toBe(1);
    expect(sockets[0].sent.at(-1)?.type).toBe('heart_beat');
  });

  it('reconnects when a heartbeat goes unanswered, once, after 5 s', () => {
    const { client, sockets, fire } = setup();
    client.subscribe('hyDriver', 'case-1', () => undefined);
    sockets[0].openNow();
    fire(HEARTBEAT_TIMEOUT_MS);
    expect(sockets[0].closed).toBe(true);
    sockets[0].onclose?.({}); // a late close event must not schedule a second attempt
    expect(fire(RECONNECT_AFTER_MS)).toBe(1);
    expect(sockets).toHaveLength(2);
  });

  it('hands rows to the grids of that table, except the page that made the change, and ignores bad JSON', () => {
    const { client, sockets } = setup();
    const mine: unknown[] = [];
    const other: unknown[] = [];
    client.subscribe('hyDriver', 'case-mine', (row) => mine.push(row));
    client.subscribe('hyVehicle', 'case-v', (row) => other.push(row));
    sockets[0].openNow();
    sockets[0].receive('not json');
    sockets[0].receive({ type: 'update_vxe_table', data: { socketKey: 'hyDriver', args: [{ id: 'd1', driverName: '张三' }, 'case-elsewhere'] } });
    sockets[0].receive({ type: 'update_vxe_table', data: { socketKey: 'hyDriver', args: [{ id: 'd1' }, 'case-mine'] } });
    expect(mine).toEqual([{ id: 'd1', driverName: '张三' }]);
    expect(other).toEqual([]);
  });

  it('asks for batches and hands a batch frame’s rows to a grid in one call, without its own', () => {
    const { client, sockets } = setup();
    const batches: unknown[][] = [];
    const single: unknown[] = [];
    client.subscribe('hyDriver', 'case-mine', () => undefined, (rows) => batches.push(rows));
    client.subscribe('hyDriver', 'case-old', (row) => single.push(row));
    sockets[0].openNow();
    expect(sockets[0].sent[0]).toEqual({ type: 'bind', data: { socketKey: 'hyDriver', batch: true } });
    sockets[0].receive({
      type: 'update_vxe_table_batch',
      data: { socketKey: 'hyDriver', rows: [[{ id: 'd1', remark: 'a' }, null], [{ id: 'd2' }, 'case-mine'], [{ id: 'd3' }, 'case-old'], ['not a row', null]] },
    });
    expect(batches).toEqual([[{ id: 'd1', remark: 'a' }, { id: 'd3' }]]);
    // Without a rows listener the rows arrive one by one.
    expect(single).toEqual([{ id: 'd1', remark: 'a' }, { id: 'd2' }]);
    // The single-row message (JeecgBoot's) is a batch of one; a batch of only the grid's own rows calls nothing.
    sockets[0].receive({ type: 'update_vxe_table', data: { socketKey: 'hyDriver', args: [{ id: 'd4' }, null] } });
    sockets[0].receive({ type: 'update_vxe_table_batch', data: { socketKey: 'hyDriver', rows: [[{ id: 'd5' }, 'case-mine']] } });
    sockets[0].receive({ type: 'update_vxe_table_batch', data: { socketKey: 'hyDriver', rows: 'nonsense' } });
    expect(batches).toEqual([[{ id: 'd1', remark: 'a' }, { id: 'd3' }], [{ id: 'd4' }]]);
  });

  it('calls common_send_date callbacks by key and sends updates as update_vxe_table', () => {
    const { client, sockets } = setup();
    const calls: unknown[][] = [];
    client.onCommon('refresh', (...args) => calls.push(args));
    sockets[0].openNow();
    sockets[0].receive({ type: 'common_send_date', data: { key: 'refresh', args: [1, 'a'] } });
    expect(calls).toEqual([[1, 'a']]);
    client.sendUpdate('hyDriver', { id: 'd1' }, 'case-1');
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'update_vxe_table', data: { socketKey: 'hyDriver', args: [{ id: 'd1' }, 'case-1'] } });
  });
});

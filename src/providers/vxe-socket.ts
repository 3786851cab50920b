/**
 * The browser side of `/vxeSocket/{userId}/{pageId}` (contract §7): one socket per page, opened on first use, the
 * token in the subprotocol. Heartbeat: one on open; each reply schedules the next after 10 s; no reply within 6 s
 * means the link is dead and it reconnects. On error or close it reconnects after 5 s, one attempt at a time.
 * Invalid JSON is ignored. Grids subscribe by socketKey and receive the rows other pages changed (never their own
 * echo, told apart by caseId); `common_send_date` calls callbacks registered under a key.
 *
 * Batches: `bind` says `batch: true`, so the server sends one `update_vxe_table_batch` `{socketKey, rows: [[row,
 * caseId], …]}` per ~50 ms window instead of one `update_vxe_table` per row; a grid with a rows listener applies a
 * batch in one go. The single-row message (JeecgBoot's) is still accepted, as a batch of one.
 */

export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface VxeSocketOptions {
  /** ws(s)://host/jeecg-boot/vxeSocket/<userId>/<pageId> */
  url: string;
  token: string;
  open?: (url: string, protocols: string[]) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export type RowListener = (row: Record<string, unknown>) => void;
/** Several rows changed at once (one batch frame): apply them together, e.g. one render. */
export type RowsListener = (rows: Array<Record<string, unknown>>) => void;

interface TableEntry {
  caseId: string;
  listener: RowListener;
  rows?: RowsListener;
}

export const HEARTBEAT_EVERY_MS = 10_000;
export const HEARTBEAT_TIMEOUT_MS = 6_000;
export const RECONNECT_AFTER_MS = 5_000;
const OPEN = 1;

/** A random page id, as JVxeTable makes one per page. */
export function newPageId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class VxeSocketClient {
  private socket: SocketLike | null = null;
  private readonly tables = new Map<string, Set<TableEntry>>();
  private readonly commons = new Map<string, Set<(...args: unknown[]) => void>>();
  private heartbeatTimer: unknown = null;
  private deadlineTimer: unknown = null;
  private reconnectTimer: unknown = null;
  private closed = false;
  private readonly open: (url: string, protocols: string[]) => SocketLike;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: VxeSocketOptions) {
    this.open = options.open ?? ((url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike);
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /**
   * Rows of `socketKey` changed elsewhere reach `rows` when given (all rows of a frame in one call), else `listener`
   * one by one; the grid's own changes (same caseId) do not.
   */
  subscribe(socketKey: string, caseId: string, listener: RowListener, rows?: RowsListener): () => void {
    let set = this.tables.get(socketKey);
    if (!set) this.tables.set(socketKey, (set = new Set()));
    const entry: TableEntry = { caseId, listener, rows };
    set.add(entry);
    this.connect();
    this.send({ type: 'bind', data: { socketKey, batch: true } });
    return () => {
      set.delete(entry);
      if (set.size === 0) this.tables.delete(socketKey);
    };
  }

  /** `common_send_date` messages with this key call `fn(...args)`. */
  onCommon(key: string, fn: (...args: unknown[]) => void): () => void {
    let set = this.commons.get(key);
    if (!set) this.commons.set(key, (set = new Set()));
    set.add(fn);
    this.connect();
    return () => set.delete(fn);
  }

  /** Tells the other pages that this row changed (the server re-reads it and sends each page its own view). */
  sendUpdate(socketKey: string, row: Record<string, unknown>, caseId: string): void {
    this.send({ type: 'update_vxe_table', data: { socketKey, args: [row, caseId] } });
  }

  close(): void {
    this.closed = true;
    for (const timer of [this.heartbeatTimer, this.deadlineTimer, this.reconnectTimer]) if (timer) this.clearTimer(timer);
    this.socket?.close();
    this.socket = null;
  }

  private connect(): void {
    if (this.socket || this.closed || this.reconnectTimer) return;
    const socket = this.open(this.options.url, [this.options.token]);
    this.socket = socket;
    socket.onopen = () => {
      for (const key of this.tables.keys()) this.send({ type: 'bind', data: { socketKey: key, batch: true } });
      this.heartbeat();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => this.lost(socket);
    socket.onerror = () => this.lost(socket);
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private heartbeat(): void {
    this.send({ type: 'heart_beat', data: '' });
    if (this.deadlineTimer) this.clearTimer(this.deadlineTimer);
    this.deadlineTimer = this.setTimer(() => {
      // No answer in time: the link is dead even if the socket has not said so.
      const dead = this.socket;
      if (dead) this.lost(dead);
    }, HEARTBEAT_TIMEOUT_MS);
  }

  private receive(data: unknown): void {
    let message: { type?: unknown; data?: unknown };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return;
    }
    if (message.type === 'heart_beat') {
      if (this.deadlineTimer) this.clearTimer(this.deadlineTimer);
      this.deadlineTimer = null;
      this.heartbeatTimer = this.setTimer(() => this.heartbeat(), HEARTBEAT_EVERY_MS);
    } else if (message.type === 'update_vxe_table') {
      const { socketKey, args } = (message.data ?? {}) as { socketKey?: unknown; args?: unknown };
      if (typeof socketKey !== 'string' || !Array.isArray(args)) return;
      this.deliver(socketKey, [args]);
    } else if (message.type === 'update_vxe_table_batch') {
      const { socketKey, rows } = (message.data ?? {}) as { socketKey?: unknown; rows?: unknown };
      if (typeof socketKey !== 'string' || !Array.isArray(rows)) return;
      this.deliver(socketKey, rows);
    } else if (message.type === 'common_send_date') {
      const { key, args } = (message.data ?? {}) as { key?: unknown; args?: unknown };
      if (typeof key !== 'string') return;
      for (const fn of this.commons.get(key) ?? []) fn(...(Array.isArray(args) ? args : []));
    }
  }

  /** `[row, caseId]` entries of a table: each grid gets the rows not of its own making, all in one call when it can. */
  private deliver(socketKey: string, entries: unknown[]): void {
    const valid = entries.filter(
      (entry): entry is [Record<string, unknown>, unknown] => Array.isArray(entry) && !!entry[0] && typeof entry[0] === 'object' && !Array.isArray(entry[0]),
    );
    for (const entry of this.tables.get(socketKey) ?? []) {
      const rows = valid.filter(([, caseId]) => caseId !== entry.caseId).map(([row]) => row);
      if (rows.length === 0) continue;
      if (entry.rows) entry.rows(rows);
      else for (const row of rows) entry.listener(row);
    }
  }

  /** The socket is gone: try again in 5 s, once, while anyone still listens. */
  private lost(socket: SocketLike): void {
    if (this.socket !== socket) return;
    this.socket = null;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close();
    } catch {
      // Already closed.
    }
    for (const timer of [this.heartbeatTimer, this.deadlineTimer]) if (timer) this.clearTimer(timer);
    this.heartbeatTimer = this.deadlineTimer = null;
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = this.setTimer(() => {
      this.reconnectTimer = null;
      if (this.tables.size > 0 || this.commons.size > 0) this.connect();
    }, RECONNECT_AFTER_MS);
  }
}

/** What renderers use of the live channel (Services.live): subscribe a grid to a table's row changes. */
export interface LiveGridProvider {
  /** `rows`, when given, takes each frame's rows in one call instead of `listener` per row. */
  subscribe(socketKey: string, caseId: string, listener: RowListener, rows?: RowsListener): () => void;
  sendUpdate(socketKey: string, row: Record<string, unknown>, caseId: string): void;
}

/** `ws(s)://host/<api base path>/vxeSocket/<userId>/<pageId>`. */
export function vxeSocketUrl(apiBase: string, userId: string, pageId: string, pageUrl: string): string {
  const base = new URL(apiBase, pageUrl);
  const protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${base.host}${base.pathname.replace(/\/+$/, '')}/vxeSocket/${encodeURIComponent(userId)}/${pageId}`;
}

/** One client per signed-in page, created on the first subscription (no socket for pages without live grids). */
export function createLiveGridProvider(options: { apiBase: string; userId: string; token: string }): LiveGridProvider & { close(): void } {
  let client: VxeSocketClient | undefined;
  const get = () =>
    (client ??= new VxeSocketClient({ url: vxeSocketUrl(options.apiBase, options.userId, newPageId(), window.location.href), token: options.token }));
  return {
    subscribe: (socketKey, caseId, listener, rows) => get().subscribe(socketKey, caseId, listener, rows),
    sendUpdate: (socketKey, row, caseId) => get().sendUpdate(socketKey, row, caseId),
    close: () => client?.close(),
  };
}

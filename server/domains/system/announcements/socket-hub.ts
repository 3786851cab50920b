/**
 * Who is connected to /websocket/{userId}, and delivery of JSON messages to them (contract §7).
 *
 * With REDIS_URL every push goes through the Redis channel `socketHandler` as `{userId, message}` (JeecgBoot's
 * cluster format), and every server process delivers it to the sockets it holds; without Redis delivery is
 * in-process. Several sockets per user are kept (one per browser tab, at most MAX_PER_USER; a newer one beyond
 * that closes the oldest) — JeecgBoot keeps one and silently drops the other tabs' pushes.
 */
import { Redis } from 'ioredis';

export const SOCKET_CHANNEL = 'socketHandler';
export const MAX_PER_USER = 10;

/** What the hub needs of a socket: `ws`'s WebSocket satisfies it. */
export interface PushSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export interface SocketMessage {
  cmd: string;
  msgId?: string;
  msgTxt?: string;
}

interface ChannelPayload {
  userId: string;
  message: string;
}

export class SocketHub {
  private readonly sockets = new Map<string, PushSocket[]>();
  private readonly publisher: Redis | null;
  private readonly subscriber: Redis | null;
  private readonly ready: Promise<void>;

  constructor(redisUrl?: string, private readonly channel = SOCKET_CHANNEL) {
    if (!redisUrl) {
      this.publisher = null;
      this.subscriber = null;
      this.ready = Promise.resolve();
      return;
    }
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.deliverPayload(text);
    });
    this.ready = this.subscriber.subscribe(this.channel).then(() => undefined);
    // A failed subscription must not crash the process; pushes then only reach this process's sockets.
    this.ready.catch(() => undefined);
  }

  /** Resolves once this process hears the Redis channel (immediately without Redis). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  add(userId: string, socket: PushSocket): void {
    const list = this.sockets.get(userId) ?? [];
    list.push(socket);
    while (list.length > MAX_PER_USER) list.shift()?.close(1000, 'replaced');
    this.sockets.set(userId, list);
  }

  remove(userId: string, socket: PushSocket): void {
    const list = this.sockets.get(userId);
    if (!list) return;
    const rest = list.filter((s) => s !== socket);
    if (rest.length) this.sockets.set(userId, rest);
    else this.sockets.delete(userId);
  }

  /** Sockets this process holds for a user (tests, diagnostics). */
  count(userId: string): number {
    return this.sockets.get(userId)?.length ?? 0;
  }

  /** Sends a message to every socket of these users, in whichever process holds them. */
  async send(userIds: string[], message: SocketMessage): Promise<void> {
    const text = JSON.stringify(message);
    const unique = [...new Set(userIds.filter(Boolean))];
    if (unique.length === 0) return;
    if (!this.publisher) {
      for (const userId of unique) this.deliver(userId, text);
      return;
    }
    const pipeline = this.publisher.pipeline();
    for (const userId of unique) pipeline.publish(this.channel, JSON.stringify({ userId, message: text } satisfies ChannelPayload));
    await pipeline.exec();
  }

  async close(): Promise<void> {
    for (const list of this.sockets.values()) for (const socket of list) socket.close(1001, 'server closing');
    this.sockets.clear();
    await Promise.all([this.subscriber?.quit(), this.publisher?.quit()].map((p) => p?.catch(() => undefined)));
  }

  private deliverPayload(text: string): void {
    let payload: Partial<ChannelPayload>;
    try {
      payload = JSON.parse(text) as Partial<ChannelPayload>;
    } catch {
      return;
    }
    if (typeof payload.userId !== 'string' || typeof payload.message !== 'string') return;
    this.deliver(payload.userId, payload.message);
  }

  private deliver(userId: string, text: string): void {
    for (const socket of this.sockets.get(userId) ?? []) {
      if (socket.readyState === OPEN) socket.send(text);
    }
  }
}

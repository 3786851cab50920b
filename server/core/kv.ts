/**
 * Short-lived keys (captcha answers, login-failure counters): Redis when REDIS_URL is set, so every server process
 * sees the same values; an in-process map otherwise.
 */
import { Redis } from 'ioredis';

export interface KvStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step, so a value can be used only once. */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Increments a counter, starting its expiry window on the first increment. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  close(): Promise<void>;
}

export class MemoryKv implements KvStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  async get(key: string): Promise<string | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.sweep();
    this.entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }

  async take(key: string): Promise<string | null> {
    const value = await this.get(key);
    this.entries.delete(key);
    return value;
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const current = await this.get(key);
    const next = (current ? Number(current) : 0) + 1;
    const expiresAt = current ? this.entries.get(key)!.expiresAt : Date.now() + ttlSeconds * 1000;
    this.entries.set(key, { value: String(next), expiresAt });
    return next;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Bounded memory: drop expired entries when the map grows. */
  private sweep(): void {
    if (this.entries.size < 10_000) return;
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

export class RedisKv implements KvStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
  }

  async take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const full = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(full).expire(full, ttlSeconds, 'NX').exec()) as [
      [Error | null, number],
    ];
    return count;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function openKv(redisUrl: string | undefined, prefix = 'freight:'): KvStore {
  if (!redisUrl) return new MemoryKv();
  return new RedisKv(new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }), prefix);
}

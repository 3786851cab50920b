import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryKv, openKv, type KvStore } from '../../server/core/kv.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const stores: Array<[string, () => KvStore]> = [
  ['memory', () => new MemoryKv()],
  ['redis', () => openKv(REDIS_URL, `freight-test-${crypto.randomBytes(4).toString('hex')}:`)],
];

describe.each(stores)('short-lived key store (%s)', (_name, open) => {
  const kv = open();
  afterAll(() => kv.close());

  it('hands out a value once with take', async () => {
    await kv.set('captcha:a', 'abcd', 60);
    expect(await kv.take('captcha:a')).toBe('abcd');
    expect(await kv.take('captcha:a')).toBeNull();
  });

  it('expires values after their time to live', async () => {
    await kv.set('short', 'x', 1);
    expect(await kv.get('short')).toBe('x');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await kv.get('short')).toBeNull();
  });

  it('counts within a window that starts at the first increment', async () => {
    expect(await kv.incr('fails', 1)).toBe(1);
    expect(await kv.incr('fails', 60)).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await kv.incr('fails', 60)).toBe(1);
    await kv.del('fails');
    expect(await kv.get('fails')).toBeNull();
  });
});

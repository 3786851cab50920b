import { describe, expect, it } from 'vitest';
import { createSessionStorage, DEFAULT_TTL_MS, StorageKeys } from '../../src/http/storage.ts';

describe('session storage', () => {
  it('stores values under pro__ keys with a 7-day expiry', () => {
    let now = 1_000_000;
    const storage = createSessionStorage({ now: () => now });
    storage.set(StorageKeys.token, 'abc');
    const raw = JSON.parse(localStorage.getItem('pro__Access-Token') ?? 'null') as { value: string; expire: number };
    expect(raw).toEqual({ value: 'abc', expire: 1_000_000 + DEFAULT_TTL_MS });
    expect(storage.get(StorageKeys.token)).toBe('abc');

    now += DEFAULT_TTL_MS - 1;
    expect(storage.get(StorageKeys.token)).toBe('abc');
    now += 1;
    expect(storage.get(StorageKeys.token)).toBeUndefined();
    // An expired entry is removed, not just hidden.
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
  });

  it('reads corrupt or foreign values as absent', () => {
    const storage = createSessionStorage();
    localStorage.setItem('pro__Login_Userinfo', '{not json');
    expect(storage.get(StorageKeys.userInfo)).toBeUndefined();
    localStorage.setItem('pro__Login_Userinfo', '"plain string"');
    expect(storage.get(StorageKeys.userInfo)).toBeUndefined();
  });

  it('clear() removes every session key and leaves other keys alone', () => {
    const storage = createSessionStorage();
    storage.set(StorageKeys.token, 't');
    storage.set(StorageKeys.userInfo, { realname: '张三' });
    storage.set(StorageKeys.dicts, { sex: [] });
    localStorage.setItem('unrelated', 'keep');
    storage.clear();
    expect(storage.get(StorageKeys.token)).toBeUndefined();
    expect(storage.get(StorageKeys.userInfo)).toBeUndefined();
    expect(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('keep');
  });
});

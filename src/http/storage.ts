/**
 * Session storage in the JeecgBoot client's shape (contract §2.2): localStorage keys prefixed `pro__`, each value
 * wrapped as `{value, expire}` with a 7-day client-side expiry. An expired or unreadable entry reads as absent.
 */

export const STORAGE_PREFIX = 'pro__';
export const DEFAULT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const StorageKeys = {
  token: 'Access-Token',
  userInfo: 'Login_Userinfo',
  userType: 'Login_UserType',
  cid: 'Login_Cid',
  dicts: 'UI_CACHE_DB_DICT_DATA',
  tenantId: 'TENANT_ID',
  /** Remember-me value for `GET /sys/remember/{value}`; rotated on each use. */
  rememberToken: 'Remember_Token',
} as const;

export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

interface StoredEntry {
  value: unknown;
  /** Epoch ms after which the entry is treated as missing; null never expires. */
  expire: number | null;
}

export interface SessionStorage {
  get<T>(key: StorageKey): T | undefined;
  set(key: StorageKey, value: unknown, ttlMs?: number): void;
  remove(key: StorageKey): void;
  /** Removes every key this module owns (logout). */
  clear(): void;
}

export interface StorageOptions {
  backend?: Storage;
  now?: () => number;
}

export function createSessionStorage(options: StorageOptions = {}): SessionStorage {
  const backend = options.backend ?? globalThis.localStorage;
  const now = options.now ?? Date.now;
  const fullKey = (key: StorageKey) => STORAGE_PREFIX + key;

  function remove(key: StorageKey): void {
    backend.removeItem(fullKey(key));
  }

  return {
    get<T>(key: StorageKey): T | undefined {
      const raw = backend.getItem(fullKey(key));
      if (raw === null) return undefined;
      const entry = parseEntry(raw);
      if (!entry) return undefined;
      if (entry.expire !== null && entry.expire <= now()) {
        remove(key);
        return undefined;
      }
      return entry.value as T;
    },
    set(key, value, ttlMs = DEFAULT_TTL_MS) {
      const entry: StoredEntry = { value, expire: ttlMs > 0 ? now() + ttlMs : null };
      backend.setItem(fullKey(key), JSON.stringify(entry));
    },
    remove,
    clear() {
      for (const key of Object.values(StorageKeys)) remove(key);
    },
  };
}

function parseEntry(raw: string): StoredEntry | undefined {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'value' in parsed) {
      const expire = (parsed as { expire?: unknown }).expire;
      return { value: (parsed as { value: unknown }).value, expire: typeof expire === 'number' ? expire : null };
    }
  } catch {
    // A foreign or corrupt value is treated as absent rather than crashing the app.
  }
  return undefined;
}

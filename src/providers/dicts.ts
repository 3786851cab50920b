/**
 * Dictionaries (contract §4): read the login-time cache (`UI_CACHE_DB_DICT_DATA`) first, and ask
 * `/sys/dict/getDictItems/{code}` only for codes missing from it. Concurrent requests for one code share a fetch.
 */
import type { DictModel } from '../contracts/index.ts';
import type { HttpClient } from '../http/client.ts';
import { StorageKeys } from '../http/storage.ts';
import type { SessionStorage } from '../http/storage.ts';

export type DictCache = Record<string, DictModel[]>;

export interface DictProvider {
  /** Items already known (cache), without a request. */
  peek(code: string): DictModel[] | undefined;
  load(code: string): Promise<DictModel[]>;
  /** Text of one value, or of a comma-separated list of values; undefined when unknown. */
  text(code: string, value: unknown): string | undefined;
  /** Replaces the cache, e.g. with `sysAllDictItems` from login. */
  prime(all: DictCache): void;
  /** Items whose text contains `keyword` (`/sys/dict/loadDict`), for search-selects over large dictionaries. */
  search(code: string, keyword: string, pageSize?: number): Promise<DictModel[]>;
  /** Texts for stored values, in order (`/sys/dict/loadDictItem`); unknown values come back as themselves. */
  textsFor(code: string, values: string[]): Promise<string[]>;
}

export function dictText(items: DictModel[] | undefined, value: unknown): string | undefined {
  if (!items || value === undefined || value === null || value === '') return undefined;
  const parts = String(value).split(',');
  const texts = parts.map((part) => items.find((item) => item.value === part)?.text);
  return texts.every((t) => t !== undefined) ? texts.join(',') : undefined;
}

export function createDictProvider(deps: { http: HttpClient; storage: SessionStorage }): DictProvider {
  const memory = new Map<string, DictModel[]>();
  const pending = new Map<string, Promise<DictModel[]>>();

  function peek(code: string): DictModel[] | undefined {
    const known = memory.get(code);
    if (known) return known;
    const cached = deps.storage.get<DictCache>(StorageKeys.dicts)?.[code];
    if (Array.isArray(cached)) {
      memory.set(code, cached);
      return cached;
    }
    return undefined;
  }

  function load(code: string): Promise<DictModel[]> {
    const known = peek(code);
    if (known) return Promise.resolve(known);
    const inFlight = pending.get(code);
    if (inFlight) return inFlight;
    const fetching = deps.http
      .getResult<DictModel[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`)
      .then((items) => {
        const list = Array.isArray(items) ? items : [];
        memory.set(code, list);
        return list;
      })
      .finally(() => pending.delete(code));
    pending.set(code, fetching);
    return fetching;
  }

  return {
    peek,
    load,
    text: (code, value) => dictText(peek(code), value),
    prime(all) {
      memory.clear();
      deps.storage.set(StorageKeys.dicts, all);
    },
    search: (code, keyword, pageSize = 10) =>
      deps.http.getResult<DictModel[]>(`/sys/dict/loadDict/${encodeURIComponent(code)}`, { keyword, pageSize }),
    async textsFor(code, values) {
      if (values.length === 0) return [];
      return deps.http.getResult<string[]>(`/sys/dict/loadDictItem/${encodeURIComponent(code)}`, { key: values.join(',') });
    },
  };
}

/** A provider over fixed data, for tests and previews. */
export function createStaticDictProvider(initial: DictCache): DictProvider {
  let all: DictCache = { ...initial };
  return {
    peek: (code) => all[code],
    load: (code) => Promise.resolve(all[code] ?? []),
    text: (code, value) => dictText(all[code], value),
    prime: (next) => {
      all = { ...next };
    },
    search: (code, keyword, pageSize = 10) =>
      Promise.resolve((all[code] ?? []).filter((item) => keyword !== '' && item.text.includes(keyword)).slice(0, pageSize)),
    textsFor: (code, values) => Promise.resolve(values.map((v) => dictText(all[code], v) ?? v)),
  };
}

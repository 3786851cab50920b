/**
 * One list's state and reads, shared by the list page, the tree list and the editable list. The state (query
 * values, page, size, sort, 高级查询) lives here and is written to the route's query string, so links, back/forward
 * and reload work; the address is read on mount and when a navigation changes it, never to learn back what this
 * list itself just wrote (those writes are remembered and recognised when the router hands them in).
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { EntitySchema, WireRecord } from '../contracts/index.ts';
import type { ListFilter, ListSort, QueryValues, Scalar, SuperQuery } from '../contracts/list-params.ts';
import type { ListResult } from '../providers/data.ts';
import { buildFilters } from './list-query.ts';
import { listStateFromSearch, listStateKey, listStateToSearch, pageSizesOf } from './list-url.ts';
import type { ListState } from './list-url.ts';
import { useServices } from './services.tsx';

export type { ListState } from './list-url.ts';

export type UrlStep = 'push' | 'replace';

export interface ListControllerOptions {
  /** The route's query string (undefined: no router, the state stays inside). */
  search?: string;
  /** Writes the state's query string: `push` for a user's step (back returns to it), `replace` for a correction. */
  onSearchChange?(search: string, how: UrlStep): void;
  /** Field → value every read is filtered by and no form shows (a detail list's foreign key). */
  fixedValues?: Record<string, Scalar>;
  /** Each answer as it arrives, for what a screen derives from its rows (a tree's opened nodes, a grid's baseline). */
  onLoaded?(result: ListResult): void;
  /** A read failed (an aborted read is not a failure). */
  onError?(error: unknown): void;
}

/** What a read asks besides its page: also what 导出 sends. */
export interface ListCriteria {
  sort?: ListSort;
  filters: ListFilter[];
  superQuery?: SuperQuery;
}

export type ListPaging = Pick<ListState, 'page' | 'pageSize' | 'sort'>;

export interface ListController {
  state: ListState;
  pageSizes: readonly number[];
  criteria: ListCriteria;
  /** The last answer's rows and total (empty until one arrives). */
  rows: WireRecord[];
  total: number;
  loading: boolean;
  /** The first read has answered, well or not: until then there is nothing true to show. */
  answered: boolean;
  /** Some read has succeeded. */
  loaded: boolean;
  /** A new query from the form: page 1, and asked again even when it is the same. */
  search(query: QueryValues): void;
  /** The pager or a sortable header moved. */
  turn(paging: ListPaging): void;
  /** Any other step to a new state (e.g. back a page once its last rows are deleted). */
  change(next: ListState, how?: UrlStep): void;
  /** Reads the same state again (after a write). */
  reload(): void;
}

/** The address as last seen, and what this list wrote that the router has not handed back yet. */
interface UrlSync {
  seen: string | undefined;
  pending: string[];
}

export function useListController(entity: EntitySchema, options: ListControllerOptions = {}): ListController {
  const { search, onSearchChange, fixedValues } = options;
  const { data } = useServices();
  const [state, setState] = useState<ListState>(() => listStateFromSearch(entity, search ?? ''));
  const [url, setUrl] = useState<UrlSync>({ seen: search, pending: [] });

  // A new address: ours coming back is skipped unread; anything else is a navigation and replaces the state.
  if (search !== undefined && search !== url.seen) {
    const ours = url.pending.indexOf(search);
    setUrl({ seen: search, pending: ours >= 0 ? url.pending.slice(ours + 1) : [] });
    if (ours < 0) {
      const fromUrl = listStateFromSearch(entity, search);
      // The same rows need no second read.
      if (listStateKey(entity, fromUrl) !== listStateKey(entity, state)) setState(fromUrl);
    }
  }

  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const base = url.pending.at(-1) ?? url.seen ?? '';
  const change = useCallback(
    (next: ListState, how: UrlStep = 'push') => {
      setState(next);
      // A user's step always asks the server again, even for the rows already shown.
      reload();
      const nextSearch = listStateToSearch(entity, next, base);
      if (!onSearchChange || nextSearch === base) return;
      setUrl((sync) => ({ ...sync, pending: [...sync.pending, nextSearch] }));
      onSearchChange(nextSearch, how);
    },
    [entity, base, onSearchChange, reload],
  );

  // Fixed values by content, so a new object with the same values reads nothing again.
  const fixedKey = JSON.stringify(fixedValues ?? {});
  const criteria = useMemo<ListCriteria>(() => {
    const fixed = Object.entries(JSON.parse(fixedKey) as Record<string, Scalar>).map(([field, value]): ListFilter => ({ field, op: 'eq', value }));
    const out: ListCriteria = { sort: state.sort, filters: [...buildFilters(entity, state.query), ...fixed] };
    if (state.superQuery) out.superQuery = state.superQuery;
    return out;
  }, [entity, state.sort, state.query, state.superQuery, fixedKey]);

  const [result, setResult] = useState<ListResult>();
  const [loading, setLoading] = useState(false);
  const [answered, setAnswered] = useState(false);
  const answerArrived = useEffectEvent((answer: ListResult) => options.onLoaded?.(answer));
  const readFailed = useEffectEvent((error: unknown) => options.onError?.(error));
  const { page, pageSize } = state;
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    data
      .getList(entity.api, { page, pageSize, ...criteria }, controller.signal)
      .then((answer) => {
        setResult(answer);
        answerArrived(answer);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) readFailed(error);
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        setLoading(false);
        setAnswered(true);
      });
    return () => controller.abort();
  }, [data, entity.api, page, pageSize, criteria, tick]);

  return {
    state,
    pageSizes: pageSizesOf(entity),
    criteria,
    rows: result?.records ?? NO_ROWS,
    total: result?.total ?? 0,
    loading,
    answered,
    loaded: result !== undefined,
    search: (query) => change({ ...state, query, page: 1 }),
    turn: (paging) => change({ ...state, ...paging }),
    change,
    reload,
  };
}

const NO_ROWS: WireRecord[] = [];

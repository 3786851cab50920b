/**
 * The report endpoints as the report renderer and the popup picker use them (contract §5). Responses are kept for
 * 30 s under a key of path + parameters, and identical requests in flight share one call (JeecgBoot's
 * httpGroupRequest), so a form with several popups on the same report asks the server once.
 */
import type { EndpointProvider } from '../../src/providers/endpoints.ts';
import type { DictModel } from '../../src/contracts/index.ts';

export interface ReportColumnInfo {
  dataIndex: string;
  title: string;
  fieldType: string;
  sorter: string;
  isTotal: string;
  groupTitle: string | null;
  width?: number;
  customRender?: string;
}

export interface ReportColumnsInfo {
  columns: ReportColumnInfo[];
  dictOptions: Record<string, DictModel[]>;
  fieldHrefSlots: Array<{ slotName: string; href: string }>;
  isGroupTitle: boolean;
  cgRpConfigId: string;
  cgRpConfigName: string;
}

export interface ReportQueryItem {
  field: string;
  label: string;
  view: string;
  mode: 'single' | 'group';
  dictCode: string | null;
  hidden?: string;
}

export interface ReportPage {
  total: number;
  records: Array<Record<string, unknown>>;
}

export type ReportParams = Record<string, string | number | undefined>;

export const REPORT_CACHE_MS = 30_000;

export class ReportClient {
  private readonly cache = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(private readonly endpoints: EndpointProvider, private readonly now: () => number = Date.now) {}

  private cached<T>(path: string, params: ReportParams = {}): Promise<T> {
    const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
    const key = `${path}?${JSON.stringify(Object.entries(clean).sort())}`;
    const hit = this.cache.get(key);
    if (hit && hit.expires > this.now()) return hit.value as Promise<T>;
    const value = this.endpoints.get<T>(path, clean as Record<string, string | number>);
    this.cache.set(key, { expires: this.now() + REPORT_CACHE_MS, value });
    // A failure is not kept: the next ask tries again.
    value.catch(() => this.cache.delete(key));
    return value;
  }

  columns(code: string): Promise<ReportColumnsInfo> {
    return this.cached(`/online/cgreport/api/getRpColumns/${encodeURIComponent(code)}`);
  }

  queryInfo(id: string): Promise<ReportQueryItem[]> {
    return this.cached(`/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`);
  }

  data(id: string, params: ReportParams): Promise<ReportPage> {
    return this.cached(`/online/cgreport/api/getData/${encodeURIComponent(id)}`, params);
  }

  export(id: string, params: ReportParams) {
    const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
    return this.endpoints.download(`/online/cgreport/api/exportXls/${encodeURIComponent(id)}`, clean);
  }
}

/** One client per endpoint provider, so every report view and popup on the page shares the cache. */
const clients = new WeakMap<EndpointProvider, ReportClient>();
export function reportClientFor(endpoints: EndpointProvider): ReportClient {
  let client = clients.get(endpoints);
  if (!client) clients.set(endpoints, (client = new ReportClient(endpoints)));
  return client;
}

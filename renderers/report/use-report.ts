/**
 * A report's state as its screens show it: columns and query items from the report's endpoints, the filters,
 * paging and server sort, and the current page of rows. Shared by the report view and the popup record picker, so
 * both read a report the same way.
 */
import { pageParams, sortParams, type ListSort } from '../../src/contracts/list-params.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useServices } from '../../src/engine/services.tsx';
import { buildColumns } from './report-columns.tsx';
import { reportClientFor, type ReportClient, type ReportColumnsInfo, type ReportParams, type ReportQueryItem } from './report-client.ts';

export type ReportRow = Record<string, unknown>;
export type ReportSort = { column: string; order: 'asc' | 'desc' };

/** A report's sort as a list sort, which list-params.ts spells as the wire's column/order. */
export function reportSortToList(sort: ReportSort | undefined): ListSort | undefined {
  return sort ? { field: sort.column, order: sort.order } : undefined;
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface UseReportOptions {
  /** Sort the first page asks for (the popup's `sorter`). */
  initialSort?: ReportSort;
  /** Follows a column's link (`href`); without it links show as plain text (e.g. inside the popup picker). */
  openLink?: (path: string) => void;
  /** Sent with every data request (the popup's `self_<name>` report parameters). */
  extraParams?: ReportParams;
  /** False defers every request (a popup loads its report when first opened). */
  enabled?: boolean;
}

export interface ReportState {
  client?: ReportClient;
  info?: ReportColumnsInfo;
  queryItems: ReportQueryItem[];
  queryWarning?: string;
  loadError?: string;
  setLoadError(error: string | undefined): void;
  filters: ReportParams;
  sort?: ReportSort;
  rows: ReportRow[];
  loading: boolean;
  columns: TableColumnsType<ReportRow>;
  /** New filters from the query form: back to the first page. */
  search(values: ReportParams): void;
  pagination: TablePaginationConfig;
  /** The Table's onChange: page, page size and sort. */
  onTableChange(pagination: TablePaginationConfig, filters: unknown, sorter: SorterResult<ReportRow> | SorterResult<ReportRow>[]): void;
}

export function useReport(code: string, options: UseReportOptions = {}): ReportState {
  const { endpoints } = useServices();
  const enabled = options.enabled !== false;
  const client = useMemo(() => (endpoints ? reportClientFor(endpoints) : undefined), [endpoints]);
  const [info, setInfo] = useState<ReportColumnsInfo>();
  const [queryItems, setQueryItems] = useState<ReportQueryItem[]>([]);
  const [queryWarning, setQueryWarning] = useState<string>();
  const [loadError, setLoadError] = useState<string>();
  const [filters, setFilters] = useState<ReportParams>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [sort, setSort] = useState<ReportSort | undefined>(options.initialSort);
  const [rows, setRows] = useState<ReportRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  // Compared by content: callers pass a fresh object each render.
  const extraKey = JSON.stringify(options.extraParams ?? {});

  useEffect(() => {
    if (!client || !enabled) return;
    let live = true;
    client
      .columns(code)
      .then((columns) => {
        if (!live) return;
        setInfo(columns);
        // The query form is optional: a failure leaves the table usable and says why.
        client.queryInfo(columns.cgRpConfigId).then(
          (items) => live && setQueryItems(items),
          (error: unknown) => live && setQueryWarning(errorText(error)),
        );
      })
      .catch((error: unknown) => live && setLoadError(errorText(error)));
    return () => {
      live = false;
    };
  }, [client, code, enabled]);

  const params = useMemo<ReportParams>(
    () => ({ ...(JSON.parse(extraKey) as ReportParams), ...filters, ...pageParams(paging.page, paging.pageSize), ...sortParams(reportSortToList(sort)) }),
    [extraKey, filters, paging, sort],
  );

  const load = useCallback(async () => {
    if (!client || !info) return;
    setLoading(true);
    try {
      const page = await client.data(info.cgRpConfigId, params);
      setRows(page.records);
      setTotal(page.total);
      setLoadError(undefined);
    } catch (error: unknown) {
      setLoadError(errorText(error));
    } finally {
      setLoading(false);
    }
  }, [client, info, params]);

  useEffect(() => {
    void load();
  }, [load]);

  const initialSort = options.initialSort;
  const openLink = options.openLink;
  const columns = useMemo(() => (info ? buildColumns(info, { initialSort, openLink }) : []), [info, initialSort?.column, initialSort?.order, openLink]); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    client,
    info,
    queryItems,
    queryWarning,
    loadError,
    setLoadError,
    filters,
    sort,
    rows,
    loading,
    columns,
    search(values) {
      setFilters(values);
      setPaging((p) => ({ ...p, page: 1 }));
    },
    pagination: { current: paging.page, pageSize: paging.pageSize, total, showSizeChanger: true, showTotal: (n) => `共 ${n} 条` },
    onTableChange(pagination, _filters, sorter) {
      const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ReportRow> | undefined;
      setSort(one?.order && one.field ? { column: String(one.field), order: one.order === 'descend' ? 'desc' : 'asc' } : undefined);
      setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
    },
  };
}

/**
 * Data provider over the JeecgBoot CRUD dialect (contract §1.3–1.4). Screens speak in structured filters and sorts;
 * contracts/list-params.ts spells them as JeecgBoot parameters; this module knows the add/edit/delete endpoints.
 */
import { IDEMPOTENCY_HEADER } from '../contracts/idempotency.ts';
import type { Page, WireRecord } from '../contracts/index.ts';
import { criteriaParams, listRequestParams, sortParams } from '../contracts/list-params.ts';
import type { ListRequest, ListSort } from '../contracts/list-params.ts';
import type { DownloadedFile, HttpClient, QueryParams } from '../http/client.ts';

export type { ListFilter, ListSort, Scalar, SortOrder } from '../contracts/list-params.ts';
/** One list read: page, size, sort, filters and 高级查询 (contracts/list-params.ts spells it for the server). */
export type ListQuery = ListRequest;

export interface ListResult {
  records: WireRecord[];
  total: number;
}

/** What the server said about a successful write; screens show `message` as the toast. */
export interface WriteResult {
  message: string;
}

export type RecordId = string | number;

export interface DataProvider {
  /** `resource` is the entity's API base path, e.g. /hydriver/hyDriver. */
  getList(resource: string, query: ListQuery, signal?: AbortSignal): Promise<ListResult>;
  getOne(resource: string, id: RecordId): Promise<WireRecord>;
  /** Tree entities: every child of one node (`<resource>/childList?pid=`), in the list's sort order. */
  getChildren(resource: string, parentId: RecordId, sort?: ListSort, signal?: AbortSignal): Promise<WireRecord[]>;
  /** `idempotencyKey`: sent as the Idempotency-Key header (entities with `idempotencyKey: true`). */
  create(resource: string, values: WireRecord, options?: { idempotencyKey?: string }): Promise<WriteResult>;
  update(resource: string, id: RecordId, values: WireRecord): Promise<WriteResult>;
  /** `extra` travels in the query string too, e.g. `{confirm: true}` after a CONFIRM_REQUIRED_CODE refusal. */
  deleteMany(resource: string, ids: RecordId[], extra?: QueryParams): Promise<WriteResult>;
  /** The list's filters and sort (or just `selections`) as an .xlsx file. */
  exportXls(
    resource: string,
    query: Pick<ListQuery, 'sort' | 'filters' | 'superQuery'>,
    selections?: RecordId[],
    onProgress?: (loaded: number, total?: number) => void,
  ): Promise<DownloadedFile>;
  /** Sends an .xlsx to `importExcel`; code 201 means some rows were refused and `errorFileUrl` lists them. */
  importExcel(resource: string, file: Blob & { name?: string }, onProgress?: (percent: number) => void): Promise<ImportResult>;
  /** A stored file by its server path (e.g. an import error report). */
  download(path: string): Promise<DownloadedFile>;
  /** A declared operation (`PUT <resource>/<key>`) on the given rows, or on every row its guard admits. */
  /** Runs a schema operation at its path (`operationPath`: `<api>/<key>` or the operation's `route`). */
  /** `idempotencyKey`: sent as the Idempotency-Key header (operations with `idempotencyKey: true`). */
  runOperation(path: string, target: OperationTarget, input?: WireRecord, options?: { idempotencyKey?: string }): Promise<WriteResult>;
}

export type OperationTarget = { ids: RecordId[] } | { all: true };

export interface ImportResult {
  message: string;
  /** 200 all imported; 201 partly (see the counts and the error file). */
  code: number;
  successCount?: number;
  errorCount?: number;
  errorFileUrl?: string;
}

/** Query-string parameters of a list request; exported so the encoding can be tested on its own. */
export function listParams(query: ListQuery): QueryParams {
  return listRequestParams(query);
}

export function createDataProvider(http: HttpClient): DataProvider {
  const writeResult = (message: string): WriteResult => ({ message });

  return {
    async getList(resource, query, signal) {
      const envelope = await http.request<Page<WireRecord> | WireRecord[]>({
        method: 'get',
        url: `${resource}/list`,
        params: listParams(query),
        signal,
      });
      const result = envelope.result;
      // Non-paged endpoints answer with a plain array (contract §1.2).
      if (Array.isArray(result)) return { records: result, total: result.length };
      return { records: result?.records ?? [], total: Number(result?.total ?? 0) };
    },
    getOne: (resource, id) => http.getResult<WireRecord>(`${resource}/queryById`, { id }),
    async getChildren(resource, parentId, sort, signal) {
      const params: QueryParams = { pid: parentId, ...sortParams(sort) };
      const envelope = await http.request<Page<WireRecord> | WireRecord[]>({ method: 'get', url: `${resource}/childList`, params, signal });
      const result = envelope.result;
      return Array.isArray(result) ? result : (result?.records ?? []);
    },
    async create(resource, values, options) {
      const headers = options?.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : undefined;
      const envelope = await http.request<unknown>({ method: 'post', url: `${resource}/add`, data: values, headers });
      return writeResult(envelope.message);
    },
    async update(resource, id, values) {
      const envelope = await http.request<unknown>({ method: 'put', url: `${resource}/edit`, data: { ...values, id } });
      return writeResult(envelope.message);
    },
    async deleteMany(resource, ids, extra = {}) {
      const envelope =
        ids.length === 1
          ? await http.request<unknown>({ method: 'delete', url: `${resource}/delete`, params: { ...extra, id: ids[0] } })
          : await http.request<unknown>({ method: 'delete', url: `${resource}/deleteBatch`, params: { ...extra, ids: ids.join(',') } });
      return writeResult(envelope.message);
    },
    exportXls(resource, query, selections, onProgress) {
      const params: QueryParams = criteriaParams(query);
      if (selections && selections.length > 0) params.selections = selections.join(',');
      return http.download(`${resource}/exportXls`, params, onProgress);
    },
    async importExcel(resource, file, onProgress) {
      const envelope = await http.upload<{ successCount?: number; errorCount?: number; fileUrl?: string } | null>(
        `${resource}/importExcel`,
        file,
        {},
        onProgress,
      );
      const result = envelope.result ?? {};
      return {
        message: envelope.message,
        code: envelope.code,
        successCount: result.successCount,
        errorCount: result.errorCount,
        errorFileUrl: result.fileUrl,
      };
    },
    download: (path) => http.download(path),
    async runOperation(path, target, input = {}, options) {
      const rows = 'all' in target ? { all: true } : target.ids.length === 1 ? { id: target.ids[0] } : { ids: target.ids.join(',') };
      const headers = options?.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : undefined;
      const envelope = await http.request<unknown>({ method: 'put', url: path, data: { ...input, ...rows }, headers });
      return writeResult(envelope.message);
    },
  };
}

/**
 * Online report endpoints in JeecgBoot's shapes (contract §5): getRpColumns/{code} (Vue3: getColumns), getQueryInfo/{id},
 * getParamsInfo/{id}, getData/{id}, getColumnsAndData/{code}, exportXls/{id} (also exportManySheetXls/{id}), each
 * by code or id. Each checks the report's own permission (`onl:cgreport:<code>`, or the report admin code) on every
 * call. Filters and sorting are built only from the report's own column list;
 * values are bound. A failed report says 'SQL执行失败：…' — with the database's words only to report admins.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import ExcelJS from 'exceljs';
import { REPORT_ADMIN_PERMISSION, REPORT_HEAD_PERMISSION_PREFIX, reportPermission, type ReportColumnDef } from '../../../src/contracts/report.ts';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, PermissionError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { checkReportSql } from './sql-guard.ts';
import { REPORT_LIMITS, ReportRunError, runReport } from './runner.ts';
import type { ReportCatalog, StoredReport } from './store.ts';
import { attachmentHeader } from '../../entity/excel-export.ts';

type Query = Record<string, string | undefined>;

/** The data sources reports may read: JeecgBoot names its primary one `master`. */
export const REPORT_DATA_SOURCES = [{ code: 'master', name: '平台数据库' }] as const;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Conditions on the report's output for its query items, from the request's values. */
export function reportFilters(report: StoredReport, query: Query): RawBuilder<unknown>[] {
  const filters: RawBuilder<unknown>[] = [];
  const columns = new Map(report.columns.map((c) => [c.field, c]));
  for (const item of report.query) {
    const column = columns.get(item.field);
    if (!column) continue;
    const ref = sql`report.${sql.id(column.field)}`;
    if (item.mode === 'group') {
      const begin = query[`${item.field}_begin`]?.trim();
      const end = query[`${item.field}_end`]?.trim();
      const dateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
      if (begin) filters.push(sql`${ref} >= ${begin}`);
      // A bare end date includes that whole day.
      if (end) filters.push(dateOnly(end) && column.type === 'datetime' ? sql`${ref} < (${end}::date + 1)` : sql`${ref} <= ${end}`);
      continue;
    }
    const value = query[item.field]?.trim();
    if (!value) continue;
    if ((item.view ?? 'text') === 'text' || item.view === 'search') filters.push(sql`cast(${ref} as text) like ${`%${escapeLike(value)}%`} escape '\\'`);
    else filters.push(sql`cast(${ref} as text) = ${value}`);
  }
  return filters;
}

function reportOrder(report: StoredReport, query: Query): RawBuilder<unknown> | undefined {
  const column = report.columns.find((c) => c.field === query.column && c.sortable);
  if (!query.column) return undefined;
  if (!column) throw new BusinessError(`请注意，将要排序的列字段不存在：${query.column}`);
  return sql`report.${sql.id(column.field)} ${sql.raw(query.order === 'desc' ? 'desc' : 'asc')} nulls last`;
}

function parameterValues(report: StoredReport, query: Query): Record<string, unknown> {
  return Object.fromEntries(report.params.map((p) => [p.name, query[`self_${p.name}`] ?? p.default ?? null]));
}

const isAdmin = (caller: Caller) => caller.permissions.has(REPORT_ADMIN_PERMISSION);

/** Runs a report (stored, or an admin's unsaved draft) for the caller; failures read 'SQL执行失败…'. */
export async function runStoredReport(ctx: AppContext, catalog: ReportCatalog, caller: Caller, report: StoredReport, query: Query, limit: number, offset: number) {
  try {
    const checked = checkReportSql(report.sql, catalog.allowedTables(), await catalog.knownRelations());
    return await runReport(ctx, caller, checked, parameterValues(report, query), { filters: reportFilters(report, query), order: reportOrder(report, query), limit, offset });
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new BusinessError(isAdmin(caller) ? `SQL执行失败：${detail}` : 'SQL执行失败，请联系管理员');
  }
}

/** getRpColumns' result: the shown columns in JeecgBoot's shape with their dictionaries. */
export function columnsInfo(ctx: AppContext, report: StoredReport) {
  const shown = report.columns.filter((c) => !c.hidden);
  return {
    columns: shown.map((c) => ({
      id: c.field,
      title: c.title,
      dataIndex: c.field,
      fieldType: c.type ?? 'string',
      align: 'center',
      sorter: c.sortable ? 'true' : 'false',
      width: c.width,
      isTotal: c.total ? '1' : '0',
      groupTitle: c.groupTitle ?? null,
      ...(c.dict ? { customRender: c.field } : {}),
      ...(c.href ? { scopedSlots: { customRender: `fieldHref_${c.field}` } } : {}),
    })),
    dictOptions: Object.fromEntries(shown.filter((c) => c.dict).map((c) => [c.field, ctx.dicts.items(c.dict!) ?? []])),
    fieldHrefSlots: shown.filter((c) => c.href).map((c) => ({ slotName: `fieldHref_${c.field}`, href: c.href })),
    isGroupTitle: shown.some((c) => c.groupTitle),
    cgRpConfigId: report.id,
    cgRpConfigName: report.name,
  };
}

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext, prefix: string, catalog: ReportCatalog): void {
  const base = `${prefix}/online/cgreport/api`;

  /** The report the caller may run, or a refusal (an unknown report reads like a forbidden one). */
  async function allowedReport(request: FastifyRequest, codeOrId: string): Promise<{ caller: Caller; report: StoredReport }> {
    const caller = requireCaller(request);
    const report = await catalog.find(codeOrId);
    if (!report || !(caller.permissions.has(reportPermission(report.code)) || isAdmin(caller))) throw new PermissionError();
    return { caller, report };
  }

  const run = (caller: Caller, report: StoredReport, query: Query, limit: number, offset: number) =>
    runStoredReport(ctx, catalog, caller, report, query, limit, offset);

  const opts = { config: { authenticated: true } };

  const columnsOf = async (request: FastifyRequest<{ Params: { code: string } }>) => {
    const { report } = await allowedReport(request, request.params.code);
    return ok({ ...columnsInfo(ctx, report), cgreportHeadName: report.name });
  };
  app.get<{ Params: { code: string } }>(`${base}/getRpColumns/:code`, opts, columnsOf);
  // The Vue3 client's report page asks for the columns under this name (then getData/{id} for the rows).
  app.get<{ Params: { code: string } }>(`${base}/getColumns/:code`, opts, columnsOf);

  app.get<{ Params: { id: string } }>(`${base}/getQueryInfo/:id`, opts, async (request) => {
    const { report } = await allowedReport(request, request.params.id);
    const columns = new Map(report.columns.map((c) => [c.field, c]));
    return ok(
      report.query.map((item, index) => ({
        field: item.field,
        label: item.label ?? columns.get(item.field)?.title ?? item.field,
        view: item.view ?? 'text',
        mode: item.mode ?? 'single',
        dictCode: columns.get(item.field)?.dict ?? null,
        // JeecgBoot shows the first two items and folds the rest behind 展开.
        ...(item.hidden || index >= 2 ? { hidden: '1' } : {}),
      })),
    );
  });

  app.get<{ Params: { id: string } }>(`${base}/getParamsInfo/:id`, opts, async (request) => {
    const { report } = await allowedReport(request, request.params.id);
    return ok(report.params.map((p, index) => ({ paramName: p.name, paramTxt: p.label, paramValue: p.default ?? '', orderNum: index })));
  });

  /** One page of the report (getData's result): pageNo/pageSize, the query items, self_ parameters, column/order. */
  async function page(caller: Caller, report: StoredReport, query: Query) {
    const pageSize = Math.min(Math.max(Number(query.pageSize) || 10, 1), 1000);
    const pageNo = Math.max(Number(query.pageNo) || 1, 1);
    const offset = (pageNo - 1) * pageSize;
    if (offset >= REPORT_LIMITS.maxRows) throw new BusinessError(`报表最多可翻阅前${REPORT_LIMITS.maxRows}条记录，请增加查询条件`);
    const result = await run(caller, report, query, pageSize, offset);
    return { total: result.total, records: result.records, size: pageSize, current: pageNo, pages: Math.ceil(result.total / pageSize) };
  }

  app.get<{ Params: { id: string }; Querystring: Query }>(`${base}/getData/:id`, opts, async (request) => {
    const { caller, report } = await allowedReport(request, request.params.id);
    return ok(await page(caller, report, request.query));
  });

  // The stock Vue2 report page's one request: getRpColumns' column info, the report's name and getData's page
  // under `data` — the same permission, runner and masking as the two it combines.
  app.get<{ Params: { code: string }; Querystring: Query }>(`${base}/getColumnsAndData/:code`, opts, async (request) => {
    const { caller, report } = await allowedReport(request, request.params.code);
    const data = await page(caller, report, request.query);
    return ok({ ...columnsInfo(ctx, report), cgreportHeadName: report.name, data });
  });

  // The report editor's data source picker (JeecgBoot: sys_data_source as {value: code, label, text}). Reports here
  // have one source, the platform's own database read through the runner's scoped, read-only views; no other
  // source can be configured, so that one is all there is.
  app.get(`${prefix}/sys/dataSource/options`, { config: { permission: `${REPORT_HEAD_PERMISSION_PREFIX}:list` } }, async () =>
    ok(REPORT_DATA_SOURCES.map((source) => ({ value: source.code, label: source.name, text: source.name }))),
  );

  const exportXls = async (request: FastifyRequest<{ Params: { id: string }; Querystring: Query }>, reply: FastifyReply) => {
    const { caller, report } = await allowedReport(request, request.params.id);
    const result = await run(caller, report, request.query, REPORT_LIMITS.maxRows, 0);
    const shown: ReportColumnDef[] = report.columns.filter((c) => !c.hidden);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(report.name.slice(0, 31));
    sheet.columns = shown.map((c) => ({ header: c.title, key: c.field, width: Math.max(12, Math.round((c.width ?? 120) / 8)) }));
    sheet.getRow(1).font = { bold: true };
    for (const row of result.records) {
      sheet.addRow(Object.fromEntries(shown.map((c) => [c.field, c.dict ? ctx.dicts.text(c.dict, row[c.field]) : (row[c.field] ?? '')])));
    }
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachmentHeader(`${report.name}.xlsx`))
      .header('cache-control', 'no-store')
      .send(buffer);
  };
  app.get(`${base}/exportXls/:id`, opts, exportXls);
  // The stock Vue2 report page's 导出 button asks under this name; one sheet holds every row the report may return.
  app.get(`${base}/exportManySheetXls/:id`, opts, exportXls);
}

/**
 * Report configuration (the 报表配置 screen, schemas/entities/system/onl-cgreport-head.entity.json) on the engine:
 * list, queryById, add, edit and delete are the engine's, over onl_cgreport_head (a migration's table, one set of
 * reports for the platform). What is the domain's own: every write is checked like a seed (meta-schema, SQL guard,
 * columns ↔ query ↔ parameters, server/domains/report/store.ts) and refused with field messages; a new report gets its menu
 * page and run permission, a deleted one takes them along; an edited report runs with its new SQL on the next
 * request (the runner reads the row each time). Beyond CRUD: parseSql (the form's 解析SQL assist: SQL → columns and
 * parameters, merged with what the form has) and preview (runs the unsaved draft).
 */
import type { FastifyRequest } from 'fastify';
import { parseSync } from 'libpg-query';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import { REPORT_HEAD_PERMISSION_PREFIX, reportPermission, type ReportColumnDef, type ReportDef, type ReportParamDef } from '../../../src/contracts/report.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, PermissionError, ValidationError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { checkReportSql, ReportSqlError } from './sql-guard.ts';
import { REPORT_LIMITS, runReport } from './runner.ts';
import { columnsInfo, runStoredReport } from './routes.ts';
import { ensurePermissionRows, ReportCatalog } from './store.ts';

const catalogs = new WeakMap<AppContext, ReportCatalog>();

/** The app's report catalog (the meta-schema and the database's relation names, read once). */
function catalogOf(ctx: AppContext): ReportCatalog {
  let catalog = catalogs.get(ctx);
  if (!catalog) catalogs.set(ctx, (catalog = new ReportCatalog(ctx)));
  return catalog;
}

/** A report definition from a record or a request body: lists stay lists, anything else is empty. */
function definition(source: Record<string, unknown>): Omit<ReportDef, 'kind'> {
  return {
    code: String(source.code ?? '').trim(),
    name: String(source.name ?? '').trim(),
    sql: String(source.sql ?? ''),
    columns: (Array.isArray(source.columns) ? source.columns : []) as ReportDef['columns'],
    query: (Array.isArray(source.query) ? source.query : []) as ReportDef['query'],
    params: (Array.isArray(source.params) ? source.params : []) as ReportDef['params'],
  };
}

function bodyOf(body: unknown): WireRecord {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as WireRecord;
}

/** Output names a SELECT's target list gives (`a`, `b as c`); `*` and unnamed expressions need a sample row. */
function targetNames(text: string): string[] {
  const tree = parseSync(text.replace(/\$\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}/g, 'null')) as { stmts?: Array<{ stmt?: { SelectStmt?: { targetList?: unknown[] } } }> };
  const targets = tree.stmts?.[0]?.stmt?.SelectStmt?.targetList ?? [];
  return targets.flatMap((target) => {
    const t = (target as { ResTarget?: { name?: string; val?: { ColumnRef?: { fields?: Array<{ String?: { sval?: string } }> } } } }).ResTarget;
    if (t?.name) return [t.name];
    const last = t?.val?.ColumnRef?.fields?.at(-1)?.String?.sval;
    return last ? [last] : [];
  });
}

const headHooks: EntityHooks = {
  async beforeWrite({ ctx, tx, record }) {
    // Query items and parameters are optional; the table keeps an empty list.
    record.query ??= [];
    record.params ??= [];
    const { errors } = await catalogOf(ctx).problems(definition(record), tx);
    if (errors.length > 0) throw new ValidationError(errors);
  },
  async afterWrite({ tx, record, existing }) {
    // The code names the report's menu page and run permission (it is immutable, so only an add makes them).
    if (!existing) await ensurePermissionRows(tx, String(record.code), String(record.name), []);
  },
  async beforeDelete({ tx, rows }) {
    const ids = rows.flatMap((row) => [`perm:${reportPermission(String(row.code))}`, `report:${String(row.code)}`]);
    await tx.deleteFrom('sys_permission').where('id', 'in', ids).execute();
  },
};

export const reportHeadsDomain: DomainModule = {
  name: 'report/heads',
  hooks: { onlCgreportHead: headHooks },
  routes(app, ctx, prefix) {
    const base = `${prefix}/online/cgreport/head`;
    const catalog = catalogOf(ctx);
    // Writing SQL (adding or editing a report) is what parsing and previewing serve.
    const writer = { config: { authenticated: true } };
    const requireWriter = (request: FastifyRequest) => {
      const caller = requireCaller(request);
      const codes = ['add', 'edit'].map((action) => `${REPORT_HEAD_PERMISSION_PREFIX}:${action}`);
      if (!codes.some((code) => caller.permissions.has(code))) throw new PermissionError();
      return caller;
    };

    // "Parse SQL → columns": the guard's verdict, then the output columns (a sample row fills in `*`), merged with
    // the columns and parameters the form already has so their titles and settings survive a re-parse.
    app.post(`${base}/parseSql`, writer, async (request) => {
      const caller = requireWriter(request);
      const body = (request.body ?? {}) as WireRecord;
      const text = String(body.sql ?? '');
      let checked;
      try {
        checked = checkReportSql(text, catalog.allowedTables(), await catalog.knownRelations());
      } catch (error) {
        if (error instanceof ReportSqlError) throw new ValidationError([{ field: 'sql', message: error.message }]);
        throw error;
      }
      let fields = targetNames(checked.text);
      try {
        const sample = await runReport(ctx, caller, checked, {}, { filters: [], limit: 1, offset: 0 });
        if (sample.records[0]) fields = Object.keys(sample.records[0]);
      } catch (error) {
        throw new BusinessError(`SQL执行失败：${error instanceof Error ? error.message : String(error)}`);
      }
      const had = new Map(((Array.isArray(body.columns) ? body.columns : []) as ReportColumnDef[]).map((c) => [c.field, c]));
      const hadParams = new Map(((Array.isArray(body.params) ? body.params : []) as ReportParamDef[]).map((p) => [p.name, p]));
      return ok(
        {
          fields: fields.map((field) => ({ field, title: field })),
          columns: fields.map((field) => had.get(field) ?? { field, title: field }),
          params: checked.parameters.map((name) => hadParams.get(name) ?? { name, label: name }),
        },
        `解析成功：${fields.length}个字段，${checked.parameters.length}个参数`,
      );
    });

    // The live preview: the unsaved draft, checked like a save, run as the caller with a page of rows.
    app.post(`${base}/preview`, writer, async (request) => {
      const caller = requireWriter(request);
      const body = bodyOf(request.body ?? {});
      const draft = definition(body);
      // A new report may not have its code yet; the preview does not need one.
      if (!draft.code) draft.code = 'preview';
      const { errors } = await catalog.problems(draft);
      if (errors.length) throw new ValidationError(errors);
      const report = { id: String(body.id ?? 'preview'), ...draft, query: draft.query ?? [], params: draft.params ?? [] };
      const query = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(([k, v]) => [k, String(v)]));
      const pageSize = Math.min(Math.max(Number(body.pageSize) || 10, 1), 100);
      const pageNo = Math.max(Number(body.pageNo) || 1, 1);
      if ((pageNo - 1) * pageSize >= REPORT_LIMITS.maxRows) throw new BusinessError(`报表最多可翻阅前${REPORT_LIMITS.maxRows}条记录，请增加查询条件`);
      const page = await runStoredReport(ctx, catalog, caller, report, query, pageSize, (pageNo - 1) * pageSize);
      return ok({ info: columnsInfo(ctx, report), total: page.total, records: page.records });
    });
  },
};

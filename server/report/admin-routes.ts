/**
 * Report configuration (the 报表配置 screen, schemas/entities/system/onl-cgreport-head.entity.json): list, read,
 * add, edit, delete under `onl:cgreport:head:<action>`, parseSql (the form's "解析SQL" assist: SQL → columns and
 * parameters, merged with what the form has) and preview (runs the unsaved draft). Every write is checked like a
 * seed (meta-schema, SQL guard, columns ↔ query ↔ parameters) and refused with field messages; an edited report
 * runs with its new SQL on the next request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ReportDef } from '../../src/contracts/report.ts';
import { REPORT_HEAD_PERMISSION_PREFIX, type ReportColumnDef, type ReportParamDef } from '../../src/contracts/report.ts';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError, PermissionError, ValidationError } from '../core/errors.ts';
import { requireCaller } from '../auth/guard.ts';
import { checkReportSql, ReportSqlError } from './sql-guard.ts';
import { REPORT_LIMITS, runReport } from './runner.ts';
import { columnsInfo, runStoredReport } from './routes.ts';
import type { ReportCatalog } from './store.ts';
import { parseSync } from 'libpg-query';

function definition(body: unknown): Omit<ReportDef, 'kind'> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  const b = body as WireRecord;
  return {
    code: String(b.code ?? '').trim(),
    name: String(b.name ?? '').trim(),
    sql: String(b.sql ?? ''),
    columns: (Array.isArray(b.columns) ? b.columns : []) as ReportDef['columns'],
    query: (Array.isArray(b.query) ? b.query : []) as ReportDef['query'],
    params: (Array.isArray(b.params) ? b.params : []) as ReportDef['params'],
  };
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

export function registerReportAdminRoutes(app: FastifyInstance, ctx: AppContext, prefix: string, catalog: ReportCatalog): void {
  const base = `${prefix}/online/cgreport/head`;
  const can = (action: string) => ({ config: { permission: `${REPORT_HEAD_PERMISSION_PREFIX}:${action}` } });

  app.get<{ Querystring: { pageNo?: string; pageSize?: string; code?: string; name?: string } }>(`${base}/list`, can('list'), async (request) => {
    const pageSize = Math.min(Math.max(Number(request.query.pageSize) || 10, 1), 100);
    const pageNo = Math.max(Number(request.query.pageNo) || 1, 1);
    // The list screen sends `*x*` for "contains"; the stars are the dialect's, not part of the text.
    const like = (v?: string) => {
      const text = (v ?? '').trim().replace(/^\*|\*$/g, '');
      return text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
    };
    const where = sql`code like ${like(request.query.code)} escape '\\' and name like ${like(request.query.name)} escape '\\'`;
    const rows = await sql<WireRecord>`select id, code, name, create_by as "createBy", create_time as "createTime", update_time as "updateTime"
      from onl_cgreport_head where ${where} order by code limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db);
    const total = (await sql<{ n: number }>`select count(*)::int as n from onl_cgreport_head where ${where}`.execute(ctx.db)).rows[0].n;
    return ok({ records: rows.rows, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, can('list'), async (request) => {
    const report = await catalog.find(String(request.query.id ?? ''));
    if (!report) throw new BusinessError('未找到对应数据');
    return ok(report);
  });

  app.post(`${base}/add`, can('add'), async (request) => {
    const caller = requireCaller(request);
    const def = definition(request.body);
    const { errors } = await catalog.problems(def);
    if (await catalog.find(def.code)) errors.push({ field: 'code', message: `报表编码“${def.code}”已存在` });
    if (errors.length) throw new ValidationError(errors);
    const id = await ctx.db.transaction().execute((tx) => catalog.insert(tx, { ...def, defaultGrants: [] }, caller.username));
    return ok({ id }, '添加成功！');
  });

  const edit = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const id = String((request.body as WireRecord | null)?.id ?? '');
    const existing = await catalog.find(id);
    if (!existing || existing.id !== id) throw new BusinessError('未找到对应数据');
    // The code names the report's permission and menu: it stays.
    const def = { ...definition(request.body), code: existing.code };
    const { errors } = await catalog.problems(def);
    if (errors.length) throw new ValidationError(errors);
    await sql`update onl_cgreport_head set name = ${def.name}, cgr_sql = ${def.sql}, columns = ${JSON.stringify(def.columns)}::jsonb,
      query = ${JSON.stringify(def.query)}::jsonb, params = ${JSON.stringify(def.params)}::jsonb,
      update_by = ${caller.username}, update_time = now() where id = ${id}`.execute(ctx.db);
    return ok(null, '编辑成功!');
  };
  app.put(`${base}/edit`, can('edit'), edit);
  app.post(`${base}/edit`, can('edit'), edit);

  app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, can('delete'), async (request) => {
    const id = String(request.query.id ?? '');
    const existing = await catalog.find(id);
    if (!existing || existing.id !== id) throw new BusinessError('未找到对应数据');
    await ctx.db.transaction().execute(async (tx) => {
      await sql`delete from onl_cgreport_head where id = ${id}`.execute(tx);
      await sql`delete from sys_permission where id in (${`perm:onl:cgreport:${existing.code}`}, ${`report:${existing.code}`})`.execute(tx);
    });
    return ok(null, '删除成功!');
  });

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
    const body = (request.body ?? {}) as WireRecord;
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
}

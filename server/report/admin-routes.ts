/**
 * Report configuration for report admins (`onl:cgreport:admin`): list, read, add, edit, delete, and parseSql (the
 * "parse SQL → columns" helper). Every write is checked like a seed (meta-schema, SQL guard, columns ↔ query ↔
 * parameters) and refused with field messages; an edited report runs with its new SQL on the next request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ReportDef } from '../../src/contracts/report.ts';
import { REPORT_ADMIN_PERMISSION } from '../../src/contracts/report.ts';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import { requireCaller } from '../auth/guard.ts';
import { checkReportSql, ReportSqlError } from './sql-guard.ts';
import { runReport } from './runner.ts';
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
  const config = { config: { permission: REPORT_ADMIN_PERMISSION } };

  app.get<{ Querystring: { pageNo?: string; pageSize?: string; code?: string; name?: string } }>(`${base}/list`, config, async (request) => {
    const pageSize = Math.min(Math.max(Number(request.query.pageSize) || 10, 1), 100);
    const pageNo = Math.max(Number(request.query.pageNo) || 1, 1);
    const like = (v?: string) => (v?.trim() ? `%${v.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%');
    const where = sql`code like ${like(request.query.code)} escape '\\' and name like ${like(request.query.name)} escape '\\'`;
    const rows = await sql<WireRecord>`select id, code, name, create_by as "createBy", create_time as "createTime", update_time as "updateTime"
      from onl_cgreport_head where ${where} order by code limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db);
    const total = (await sql<{ n: number }>`select count(*)::int as n from onl_cgreport_head where ${where}`.execute(ctx.db)).rows[0].n;
    return ok({ records: rows.rows, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, config, async (request) => {
    const report = await catalog.find(String(request.query.id ?? ''));
    if (!report) throw new BusinessError('未找到对应数据');
    return ok(report);
  });

  app.post(`${base}/add`, config, async (request) => {
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
  app.put(`${base}/edit`, config, edit);
  app.post(`${base}/edit`, config, edit);

  app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, config, async (request) => {
    const id = String(request.query.id ?? '');
    const existing = await catalog.find(id);
    if (!existing || existing.id !== id) throw new BusinessError('未找到对应数据');
    await ctx.db.transaction().execute(async (tx) => {
      await sql`delete from onl_cgreport_head where id = ${id}`.execute(tx);
      await sql`delete from sys_permission where id in (${`perm:onl:cgreport:${existing.code}`}, ${`report:${existing.code}`})`.execute(tx);
    });
    return ok(null, '删除成功!');
  });

  // "Parse SQL → columns": the guard's verdict, then the output columns (a sample row fills in `*`).
  app.post(`${base}/parseSql`, config, async (request) => {
    const caller = requireCaller(request);
    const text = String((request.body as WireRecord | null)?.sql ?? '');
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
    return ok({ fields: fields.map((field) => ({ field, title: field })), params: checked.parameters });
  });
}

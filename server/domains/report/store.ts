/**
 * Report definitions: checked (meta-schema, SQL guard, columns ↔ query items ↔ parameters), stored in
 * onl_cgreport_head, and seeded from schemas/reports/*.report.json — a seed is inserted when its code is missing
 * and never overwrites what an admin changed. Each report gets a permission row `onl:cgreport:<code>` (granted to
 * its seed's `defaultGrants` when first created); editing reports needs `onl:cgreport:head:edit`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { sql, type Kysely } from 'kysely';
import type { FieldError } from '../../../src/contracts/envelope.ts';
import { REPORT_COMPONENT, reportPermission, type ReportColumnDef, type ReportDef, type ReportParamDef, type ReportQueryDef } from '../../../src/contracts/report.ts';
import type { AppContext } from '../../context.ts';
import type { SystemTables } from '../../db/schema.ts';
import { newId } from '../../core/ids.ts';
import { routeNameOfUrl } from '../../menu/route-names.ts';
import { checkReportSql, ReportSqlError, type CheckedReportSql } from './sql-guard.ts';
import { reportableEntities } from './runner.ts';

type Db = Kysely<SystemTables>;

export interface StoredReport {
  id: string;
  code: string;
  name: string;
  sql: string;
  columns: ReportColumnDef[];
  query: ReportQueryDef[];
  params: ReportParamDef[];
}

interface HeadRow {
  id: string;
  code: string;
  name: string;
  sql: string;
  columns: unknown;
  query: unknown;
  params: unknown;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

function fromRow(row: HeadRow): StoredReport {
  return { id: row.id, code: row.code, name: row.name, sql: row.sql, columns: json(row.columns), query: json(row.query), params: json(row.params) };
}


/** Compiled report meta-schemas by their text (see compileValidator in server/entity/registry.ts for why). */
const reportMetaValidators = new Map<string, ValidateFunction>();
export class ReportCatalog {
  private validateDef: ValidateFunction | undefined;
  private relations: Set<string> | undefined;

  constructor(private readonly ctx: AppContext) {}

  /** The tables reports may read: the engine's entity tables. */
  allowedTables(): Set<string> {
    return new Set(reportableEntities(this.ctx.entities).keys());
  }

  /**
   * Every table and view name, so a report's CTE cannot borrow the name of one it may not read. Read on `db` (a
   * write's transaction holds PGlite's only connection).
   */
  async knownRelations(db: Db = this.ctx.db): Promise<Set<string>> {
    if (!this.relations) {
      const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema()`.execute(db);
      this.relations = new Set(rows.rows.map((r) => r.name));
    }
    return this.relations;
  }

  private metaSchema(): ValidateFunction {
    if (!this.validateDef) {
      const file = path.join(this.ctx.config.schemasDir, '_meta', 'report.schema.json');
      const text = fs.readFileSync(file, 'utf8');
      // Once per process for the same meta-schema text: every app a test worker builds syncs reports at start.
      let validate = reportMetaValidators.get(text);
      if (!validate) {
        validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(text) as object);
        reportMetaValidators.set(text, validate);
      }
      this.validateDef = validate;
    }
    return this.validateDef;
  }

  /** Every problem of a definition, by field; empty when it may be stored and run. `db`: inside a write, its transaction. */
  async problems(def: Omit<ReportDef, 'kind'> & { kind?: string }, db: Db = this.ctx.db): Promise<{ errors: FieldError[]; checked?: CheckedReportSql }> {
    const errors: FieldError[] = [];
    const validate = this.metaSchema();
    if (!validate({ kind: 'report', ...def })) {
      for (const error of validate.errors ?? []) {
        const field = error.instancePath.replace(/^\//, '').split('/')[0] || String((error.params as { missingProperty?: string }).missingProperty ?? '');
        if (!errors.some((e) => e.field === field)) errors.push({ field, message: `${field || '报表'}：${error.message ?? '格式不正确'}` });
      }
      return { errors };
    }
    let checked: CheckedReportSql | undefined;
    try {
      checked = checkReportSql(def.sql, this.allowedTables(), await this.knownRelations(db));
    } catch (error) {
      if (!(error instanceof ReportSqlError)) throw error;
      errors.push({ field: 'sql', message: error.message });
    }
    const fields = new Set(def.columns.map((c) => c.field));
    if (fields.size !== def.columns.length) errors.push({ field: 'columns', message: '报表列的字段不能重复' });
    for (const item of def.query ?? []) {
      if (!fields.has(item.field)) errors.push({ field: 'query', message: `查询条件 ${item.field} 不是报表的列` });
    }
    const declared = new Set((def.params ?? []).map((p) => p.name));
    for (const name of checked?.parameters ?? []) {
      if (!declared.has(name)) errors.push({ field: 'params', message: `SQL中的参数 \${${name}} 没有定义` });
    }
    return { errors, checked };
  }

  async find(codeOrId: string, db: Db = this.ctx.db): Promise<StoredReport | undefined> {
    const row = await sql<HeadRow>`select id, code, name, "sql", columns, query, params from onl_cgreport_head
      where code = ${codeOrId} or id = ${codeOrId} limit 1`.execute(db);
    return row.rows[0] ? fromRow(row.rows[0]) : undefined;
  }

  async insert(db: Db, def: Omit<ReportDef, 'kind'>, by: string | null): Promise<string> {
    const id = newId();
    await sql`insert into onl_cgreport_head (id, code, name, "sql", columns, query, params, create_by)
      values (${id}, ${def.code}, ${def.name}, ${def.sql}, ${JSON.stringify(def.columns)}::jsonb,
        ${JSON.stringify(def.query ?? [])}::jsonb, ${JSON.stringify(def.params ?? [])}::jsonb, ${by})`.execute(db);
    await ensurePermissionRows(db, def.code, def.name, def.defaultGrants ?? []);
    return id;
  }
}

const baseRow = {
  url: null, component: null, component_name: null, redirect: null, perms_type: '1', always_show: false, is_route: true,
  is_leaf: true, keep_alive: false, hide_tab: false, internal_or_external: false, status: '1', del_flag: 0, description: null,
  icon: null, hidden: false, perms: null,
};

/** The id of the one route every report page opens through (JeecgBoot's hidden "AUTO在线报表" row). */
export const REPORT_ROUTE_ID = 'menu:report-route';

/**
 * `/online/cgreport/:code`, hidden: the route that opens every report page. The pages themselves are menu links
 * without a route of their own (`is_route` off), as in JeecgBoot, so a client routes them here and the page reads
 * the report's code from the url; whoever may open a page gets this route with it (server/menu/permissions.ts).
 */
export async function ensureReportRoute(db: Db): Promise<void> {
  const folder = await db.selectFrom('sys_permission').select('id').where('id', '=', 'menu:reports').executeTakeFirst();
  if (!folder) return;
  const row = {
    ...baseRow, id: REPORT_ROUTE_ID, parent_id: 'menu:reports', name: '在线报表', url: '/online/cgreport/:code', component: REPORT_COMPONENT,
    component_name: 'onlineAutoList', menu_type: 1, sort_no: 0, hidden: true,
  };
  await db.insertInto('sys_permission').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
}

/**
 * The 数据报表 folder, one page per report (/online/cgreport/<code>) with its run code, granted to `roles` when first
 * made; a report added on the 报表配置 screen gets them with no grants (server/domains/report/heads.ts). Every
 * page shares the one report component, so its route name comes from its url (server/menu/route-names.ts).
 */
export async function ensurePermissionRows(db: Db, code: string, name: string, roles: string[]): Promise<void> {
  const base = baseRow;
  // A page's route name comes from its url (online-cgreport-<code>), unique per report.
  const rows = [
    { row: { ...base, id: 'menu:reports', parent_id: null, name: '数据报表', url: '/online/cgreport', component: 'layouts/RouteView', component_name: routeNameOfUrl('/online/cgreport'), menu_type: 0, sort_no: 80, icon: 'bar-chart', is_leaf: false }, roles },
    { row: { ...base, id: `report:${code}`, parent_id: 'menu:reports', name, url: `/online/cgreport/${code}`, component: REPORT_COMPONENT, component_name: routeNameOfUrl(`/online/cgreport/${code}`), menu_type: 1, sort_no: 10, is_route: false }, roles },
    { row: { ...base, id: `perm:${reportPermission(code)}`, parent_id: `report:${code}`, name: `查看${name}`, menu_type: 2, perms: reportPermission(code), sort_no: 0 }, roles },
  ];
  for (const { row, roles: grantTo } of rows) {
    const inserted = await db.insertInto('sys_permission').values(row).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
    if (grantTo.length === 0) continue;
    // The folder is granted along with each report page (it may exist already from another report).
    if (!inserted && row.id !== 'menu:reports') continue;
    const roleIds = await db.selectFrom('sys_role').select('id').where('role_code', 'in', grantTo).execute();
    if (roleIds.length) {
      await db.insertInto('sys_role_permission').values(roleIds.map((r) => ({ role_id: r.id, permission_id: row.id }))).onConflict((oc) => oc.doNothing()).execute();
    }
  }
  await ensureReportRoute(db);
}

/** Seeds the reports under schemas/reports whose codes are not in the database yet; a bad seed file stops start-up. */
export async function syncReports(catalog: ReportCatalog, schemasDir: string, db: Db): Promise<void> {
  // Report admins were one code before the configuration screen had its own (onl:cgreport:head:*).
  await sql`delete from sys_permission where id = 'perm:onl:cgreport:admin'`.execute(db);
  // Databases made before report pages were links (issue 24) get their route here.
  await ensureReportRoute(db);
  const dir = path.join(schemasDir, 'reports');
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.report.json')).sort()) {
    const def = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ReportDef & { $schema?: string };
    const { $schema: _schema, ...rest } = def;
    const { errors } = await catalog.problems(rest);
    if (errors.length) throw new Error(`schemas/reports/${name}: ${errors.map((e) => e.message).join('; ')}`);
    if (await catalog.find(def.code, db)) continue;
    await db.transaction().execute((tx) => catalog.insert(tx, rest, null).then(() => undefined));
  }
}

/**
 * What an online report's SQL may be (issue 7; JeecgBoot's history in contract §9 rows 11–12): parsed with the real
 * PostgreSQL parser (libpg-query), not keyword-blacklisted. Exactly one SELECT; no data-modifying CTE, SELECT INTO or
 * row locks; only tables on the server's allow-list (the engine's entity tables), never schema-qualified, so a
 * report cannot name pg_catalog, sys_user or sys_session; no functions that reach outside the query (files, other
 * servers, settings, sequences, sleeping). Parameters are written `${name}` and always travel as bound values.
 * The checked SQL then runs inside tenant-scoped shadows of its tables, read-only, with a timeout (report-runner.ts).
 */
import { loadModule, parseSync } from 'libpg-query';

let parserReady: Promise<void> | undefined;

/** Loads the parser (WebAssembly) once; call before checkReportSql (the server does at start-up). */
export function loadSqlParser(): Promise<void> {
  parserReady ??= loadModule().then(() => undefined);
  return parserReady;
}

export class ReportSqlError extends Error {}

/** JeecgBoot's parameter syntax in report SQL. */
const PARAMETER = /\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

/** Node types that change data or state: never inside a report. */
const FORBIDDEN_NODES: Record<string, string> = {
  InsertStmt: '不允许在报表中写入数据',
  UpdateStmt: '不允许在报表中修改数据',
  DeleteStmt: '不允许在报表中删除数据',
  MergeStmt: '不允许在报表中修改数据',
  LockingClause: '不允许在报表中锁定数据',
  IntoClause: '不允许 SELECT INTO',
};

/** Functions that read files, reach other servers, change settings, touch sequences or stall the database. */
const FORBIDDEN_FUNCTION = /^(pg_|lo_|dblink|set_config|current_setting|txid_|nextval|setval|currval|lastval|query_to_xml|query_to_xmlschema|table_to_xml|cursor_to_xml|database_to_xml|schema_to_xml|xpath|xmlparse|format_type|has_.*_privilege|inet_|version$)/i;

export interface CheckedReportSql {
  /** The SQL as written (with `${name}` placeholders). */
  text: string;
  /** Parameter names in order of first appearance. */
  parameters: string[];
  /** Allow-listed tables the SQL reads. */
  tables: string[];
}

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null;
}

/** Calls `visit(type, body)` for every typed node (`{Type: body}`) in the tree. */
function walk(value: unknown, visit: (type: string, body: Node) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
    return;
  }
  if (!isNode(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (/^[A-Z]/.test(key) && isNode(child)) visit(key, child);
    walk(child, visit);
  }
}

function names(list: unknown): string[] {
  return Array.isArray(list) ? list.map((part) => (isNode(part) && isNode(part.String) ? String(part.String.sval ?? '') : '')) : [];
}

/** The parameter names of a report SQL, in order of first appearance. */
export function reportParameters(text: string): string[] {
  const seen: string[] = [];
  for (const match of text.matchAll(PARAMETER)) if (!seen.includes(match[1])) seen.push(match[1]);
  return seen;
}

/**
 * Checks a report's SQL against the rules above; throws ReportSqlError with a sentence an admin can act on.
 * `allowedTables`: the tables reports may read (snake_case names, unqualified); `knownRelations`: every table and
 * view name in the database, so a CTE cannot borrow the name of one it may not read.
 */
export function checkReportSql(text: string, allowedTables: ReadonlySet<string>, knownRelations: ReadonlySet<string> = new Set()): CheckedReportSql {
  const trimmed = text.trim().replace(/;\s*$/, '');
  if (!trimmed) throw new ReportSqlError('报表SQL不能为空');
  // Positional parameters are the server's to assign; only `${name}` may appear.
  if (/\$\d/.test(trimmed.replace(PARAMETER, ''))) throw new ReportSqlError('报表SQL的参数请写成 ${参数名}');
  const parameters = reportParameters(trimmed);
  const parsable = trimmed.replace(PARAMETER, (_whole, name: string) => `$${parameters.indexOf(name) + 1}`);
  let tree: { stmts?: Array<{ stmt?: Node }> };
  try {
    tree = parseSync(parsable) as typeof tree;
  } catch (error) {
    throw new ReportSqlError(`报表SQL有语法错误：${error instanceof Error ? error.message : String(error)}`);
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) throw new ReportSqlError('报表SQL只能是一条查询语句');
  const root = statements[0].stmt ?? {};
  if (!isNode(root.SelectStmt)) throw new ReportSqlError('报表SQL只能是查询（SELECT）语句');

  const cteNames = new Set<string>();
  walk(root, (type, body) => {
    if (type !== 'CommonTableExpr' || typeof body.ctename !== 'string') return;
    // Inside its own body a CTE's name is the real table, so `with sys_user as (select * from sys_user)` would
    // smuggle a forbidden table past the name check: a CTE may not take the name of a table it may not read.
    if ((knownRelations.has(body.ctename) || /^(pg_|sys_)/.test(body.ctename)) && !allowedTables.has(body.ctename)) {
      throw new ReportSqlError(`子查询名称不能与数据表同名：${body.ctename}`);
    }
    cteNames.add(body.ctename);
  });
  const tables = new Set<string>();
  walk(root, (type, body) => {
    const forbidden = FORBIDDEN_NODES[type];
    if (forbidden) throw new ReportSqlError(forbidden);
    if (type === 'SelectStmt' && isNode(body.intoClause)) throw new ReportSqlError(FORBIDDEN_NODES.IntoClause);
    if (type === 'SelectStmt' && Array.isArray(body.lockingClause) && body.lockingClause.length) throw new ReportSqlError(FORBIDDEN_NODES.LockingClause);
    if (type === 'RangeVar') {
      const relname = String(body.relname ?? '');
      if (body.schemaname || body.catalogname) throw new ReportSqlError(`不允许查询其他模式的表：${String(body.schemaname)}.${relname}`);
      if (cteNames.has(relname)) return;
      if (!allowedTables.has(relname)) throw new ReportSqlError(`报表不能查询表：${relname}`);
      tables.add(relname);
    }
    if (type === 'FuncCall') {
      const parts = names(body.funcname);
      const name = parts[parts.length - 1] ?? '';
      if (parts.length > 1) throw new ReportSqlError(`不允许调用其他模式的函数：${parts.join('.')}`);
      if (FORBIDDEN_FUNCTION.test(name)) throw new ReportSqlError(`报表中不允许调用函数：${name}`);
    }
  });
  return { text: trimmed, parameters, tables: [...tables] };
}

/** The SQL split around its `${name}` placeholders: text pieces and, between them, parameter names. */
export function splitAtParameters(text: string): Array<{ text: string } | { parameter: string }> {
  const parts: Array<{ text: string } | { parameter: string }> = [];
  let last = 0;
  for (const match of text.matchAll(PARAMETER)) {
    parts.push({ text: text.slice(last, match.index) });
    parts.push({ parameter: match[1] });
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push({ text: text.slice(last) });
  return parts;
}

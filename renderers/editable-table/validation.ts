/**
 * Cell validation of the editable grid (contract §8 `validateRules`): required, unique within the table, preset or
 * literal patterns, and named handlers (sync or async). Rules are compiled once per column set, and uniqueness is
 * counted in one pass per column, so validating every row is linear in rows × rules.
 *
 * As vxe-table does, an empty cell is checked only by `required`: a pattern describes a value that is there.
 */
import { fillPlaceholders, GRID_RULE_PRESETS, isKeywordType, patternRegex, type GridColumn, type GridRule } from '../../src/contracts/grid.ts';

export type RowValues = Record<string, unknown>;

/** A named check: returns the message when the value is wrong, undefined when it is fine. */
export type GridRuleHandler = (value: unknown, row: RowValues, column: GridColumn) => string | undefined | Promise<string | undefined>;

export interface CellError {
  rowIndex: number;
  key: string;
  message: string;
}

type CompiledRule =
  | { kind: 'required'; message: string }
  | { kind: 'unique'; message: string }
  | { kind: 'pattern'; regex: RegExp; message: string }
  | { kind: 'handler'; handler: GridRuleHandler | undefined; name: string; message: string | undefined };

interface CompiledColumn {
  column: GridColumn;
  rules: CompiledRule[];
  required: boolean;
  unique: boolean;
}

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** Whether a rule asks for values unique within the table. */
export function isUniqueRule(rule: GridRule): boolean {
  return 'unique' in rule || ('pattern' in rule && rule.pattern === 'only');
}

function compileRule(column: GridColumn, rule: GridRule, handlers: Record<string, GridRuleHandler>): CompiledRule {
  const fill = (text: string) => fillPlaceholders(text, { ...column });
  if ('required' in rule || ('pattern' in rule && rule.pattern === '*')) {
    return { kind: 'required', message: fill(rule.message ?? '${title}不能为空') };
  }
  if ('unique' in rule || ('pattern' in rule && rule.pattern === 'only')) {
    return { kind: 'unique', message: fill(rule.message ?? '${title}不能重复') };
  }
  if ('pattern' in rule) {
    const regex = patternRegex(rule.pattern);
    const preset = GRID_RULE_PRESETS[rule.pattern];
    // A pattern that does not compile fails every value, loudly, rather than letting anything through.
    if (!regex) return { kind: 'pattern', regex: /(?!)/, message: `${column.title}的校验规则有误：${rule.pattern}` };
    return { kind: 'pattern', regex, message: fill(rule.message ?? preset?.message ?? '${title}格式不正确') };
  }
  return { kind: 'handler', handler: handlers[rule.handler], name: rule.handler, message: rule.message ? fill(rule.message) : undefined };
}

export function compileColumns(columns: readonly GridColumn[], handlers: Record<string, GridRuleHandler> = {}): CompiledColumn[] {
  return columns
    .filter((column) => !isKeywordType(column.type) && column.validateRules?.length)
    .map((column) => {
      const rules = (column.validateRules ?? []).map((rule) => compileRule(column, rule, handlers));
      return { column, rules, required: rules.some((r) => r.kind === 'required'), unique: rules.some((r) => r.kind === 'unique') };
    });
}

/** How often each non-empty value occurs in a column (values compared as trimmed text). */
function valueCounts(rows: readonly RowValues[], key: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const value = row[key];
    if (isEmptyValue(value)) continue;
    const text = String(value).trim();
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return counts;
}

/** The first failing rule's message for one cell, synchronously; async handlers are reported as pending. */
function checkCell(
  compiled: CompiledColumn,
  row: RowValues,
  counts: ReadonlyMap<string, number> | undefined,
): { message?: string; pending?: Promise<string | undefined> } {
  const value = row[compiled.column.key];
  const empty = isEmptyValue(value);
  for (const rule of compiled.rules) {
    if (rule.kind === 'required') {
      if (empty) return { message: rule.message };
      continue;
    }
    if (empty) continue;
    if (rule.kind === 'unique') {
      if ((counts?.get(String(value).trim()) ?? 0) > 1) return { message: rule.message };
    } else if (rule.kind === 'pattern') {
      if (!rule.regex.test(String(value))) return { message: rule.message };
    } else {
      if (!rule.handler) return { message: `${compiled.column.title}的校验器未注册：${rule.name}` };
      const outcome = rule.handler(value, row, compiled.column);
      if (outcome instanceof Promise) return { pending: outcome.then((m) => (m ? (rule.message ?? m) : undefined)) };
      if (outcome) return { message: rule.message ?? outcome };
    }
  }
  return {};
}

/** Every error in the grid, in row order then column order; the first is where the grid jumps. */
export async function validateRows(
  rows: readonly RowValues[],
  columns: readonly GridColumn[],
  handlers: Record<string, GridRuleHandler> = {},
): Promise<CellError[]> {
  const compiled = compileColumns(columns, handlers);
  const counts = new Map(compiled.filter((c) => c.unique).map((c) => [c.column.key, valueCounts(rows, c.column.key)]));
  const errors: Array<CellError | Promise<CellError | undefined>> = [];
  rows.forEach((row, rowIndex) => {
    for (const column of compiled) {
      const { message, pending } = checkCell(column, row, counts.get(column.column.key));
      if (message) errors.push({ rowIndex, key: column.column.key, message });
      else if (pending) errors.push(pending.then((m) => (m ? { rowIndex, key: column.column.key, message: m } : undefined)));
    }
  });
  const settled = await Promise.all(errors);
  return settled.filter((e): e is CellError => e !== undefined);
}

/** Compiled rules per column object and handler set: a keystroke must not recompile them. */
const compiledCache = new WeakMap<GridColumn, WeakMap<Record<string, GridRuleHandler>, CompiledColumn | null>>();
const NO_HANDLERS: Record<string, GridRuleHandler> = {};

function compiledColumn(column: GridColumn, handlers: Record<string, GridRuleHandler>): CompiledColumn | undefined {
  let byHandlers = compiledCache.get(column);
  if (!byHandlers) compiledCache.set(column, (byHandlers = new WeakMap()));
  let compiled = byHandlers.get(handlers);
  if (compiled === undefined) byHandlers.set(handlers, (compiled = compileColumns([column], handlers)[0] ?? null));
  return compiled ?? undefined;
}

/**
 * One cell's message as the user edits it (sync rules only; async handlers run on full validation). Uniqueness
 * needs the other rows' values: the caller passes the whole table, and the column's value counts if it keeps them.
 */
export function validateCell(
  rows: readonly RowValues[],
  rowIndex: number,
  column: GridColumn,
  handlers: Record<string, GridRuleHandler> = NO_HANDLERS,
  /** The column's value counts when the caller keeps them (GridStore does); else they are counted here. */
  counts?: ReadonlyMap<string, number>,
): string | undefined {
  const compiled = compiledColumn(column, handlers);
  if (!compiled) return undefined;
  if (compiled.unique && !counts) counts = valueCounts(rows, column.key);
  return checkCell(compiled, rows[rowIndex] ?? {}, counts).message;
}

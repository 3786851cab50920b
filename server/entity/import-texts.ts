/**
 * Excel import of table-dictionary fields (a vehicle's 所属承运商): the export writes the referenced row's text (the
 * carrier's name), so the import turns a text back into that row's id. A cell may also hold the id itself. A text
 * naming no row, or several rows, is refused with what to type instead; whether the row may be picked (the
 * caller's scope on it) is still checked afterwards, as for any add or edit.
 */
import { sql } from 'kysely';
import type { FieldError } from '../../src/contracts/envelope.ts';
import { isMultiValue } from '../../src/contracts/entity.ts';
import { splitList } from '../../src/contracts/field-values.ts';
import type { AppContext } from '../context.ts';
import type { EntityRuntime } from './registry.ts';
import { tenantWhere } from './tenancy.ts';

/**
 * Replaces table-dictionary texts in `records` by ids, in place. Returns, per record index, the fields whose text
 * could not be resolved, with the sentence saying what to change.
 */
export async function resolveTableTexts(
  ctx: AppContext,
  entity: EntityRuntime,
  tenantId: number,
  records: Array<Record<string, unknown>>,
): Promise<Map<number, FieldError[]>> {
  const problems = new Map<number, FieldError[]>();
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    const dict = field.dict ? ctx.tableDicts.get(field.dict) : undefined;
    if (!dict) continue;
    const typed = [...new Set(records.flatMap((record) => splitList(record[name])))];
    if (typed.length === 0) continue;
    const value = sql.id(dict.valueColumn);
    const text = sql.id(dict.textColumn);
    const { rows } = await sql<{ value: string; text: string }>`select cast(${value} as text) as value, cast(${text} as text) as text
      from ${sql.id(dict.entity.schema.table)} where ${tenantWhere(dict.entity, tenantId)}
        and (cast(${value} as text) in (${sql.join(typed)}) or cast(${text} as text) in (${sql.join(typed)}))`.execute(ctx.db);
    const ids = new Set(rows.map((row) => row.value));
    const byText = new Map<string, string[]>();
    for (const row of rows) byText.set(row.text, [...(byText.get(row.text) ?? []), row.value]);
    records.forEach((record, index) => {
      const parts = splitList(record[name]);
      if (parts.length === 0) return;
      const resolved = parts.map((part) => {
        if (ids.has(part)) return part;
        const matches = byText.get(part) ?? [];
        if (matches.length === 1) return matches[0];
        const message =
          matches.length === 0
            ? `${field.label}“${part}”不存在，请填写系统中已有的${dict.name}名称`
            : `${field.label}“${part}”有${matches.length}条同名${dict.name}，请改填其ID`;
        problems.set(index, [...(problems.get(index) ?? []), { field: name, message }]);
        return part;
      });
      record[name] = isMultiValue(field) ? resolved.join(',') : resolved[0];
    });
  }
  return problems;
}

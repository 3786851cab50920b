/** Field facts the screens need, including the system columns (contract SYSTEM_FIELD_DEFS). */
import { fieldDef, normaliseColumn, normaliseQueryField } from '../contracts/index.ts';
import type { EntitySchema, FieldDef, ListColumnDef, QueryMode } from '../contracts/index.ts';
import { EXPIRY_QUERY_FIELD, EXPIRY_QUERY_PARAM, hasExpiryQuery } from '../contracts/expiry.ts';

export { fieldDef };

export function fieldLabel(entity: EntitySchema, name: string): string {
  return fieldDef(entity, name)?.label ?? name;
}

export interface QueryField {
  field: string;
  mode: QueryMode;
  def: FieldDef;
  /** Declared collapsed behind 展开 (see `collapsedQueryFields` for the full rule). */
  hidden: boolean;
}

/** The list's query inputs, with the contract's default modes. */
export function queryFields(entity: EntitySchema): QueryField[] {
  const out: QueryField[] = [];
  for (const query of entity.list.query ?? []) {
    const { field, mode, hidden } = normaliseQueryField(entity, query);
    const def = fieldDef(entity, field);
    if (def) out.push({ field, mode, def, hidden });
  }
  // 证件状态 (list.expiryQuery): not a column, a filter the server knows (contracts/expiry.ts).
  if (hasExpiryQuery(entity)) out.push({ field: EXPIRY_QUERY_PARAM, mode: 'eq', def: EXPIRY_QUERY_FIELD, hidden: false });
  return out;
}

export function listColumns(entity: EntitySchema): Array<ListColumnDef & { def: FieldDef | undefined }> {
  return entity.list.columns.map(normaliseColumn).map((column) => ({ ...column, def: fieldDef(entity, column.field) }));
}

/** Dictionary codes any list column or query input needs. */
export function listDictCodes(entity: EntitySchema): string[] {
  const codes = new Set<string>();
  for (const column of listColumns(entity)) if (column.def?.dict) codes.add(column.def.dict);
  for (const query of queryFields(entity)) if (query.def.dict) codes.add(query.def.dict);
  return [...codes];
}

/** Field facts the screens need, including the system columns (contract SYSTEM_FIELD_DEFS). */
import { fieldDef, normaliseColumn, normaliseQueryField, permissionCode } from '../contracts/index.ts';
import type { AccessProvider } from '../providers/access.ts';
import type { EntityCatalog } from './entity-catalog.ts';
import type { EntitySchema, FieldDef, ListColumnDef, QueryMode } from '../contracts/index.ts';
import { CAPABILITIES, type CapabilityContract } from '../../capabilities/index.ts';

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
  // Inputs for parameters a capability's server part filters on (list.expiryQuery's 证件状态), not columns.
  for (const capability of CAPABILITIES as readonly CapabilityContract[]) {
    for (const { field, def } of capability.queryFields?.(entity) ?? []) out.push({ field, mode: 'eq', def, hidden: false });
  }
  return out;
}

/** The entity whose rows a field's values name, as a capability says (`references`), or undefined. */
function referencedEntity(def: FieldDef): string | undefined {
  for (const capability of CAPABILITIES as readonly CapabilityContract[]) {
    const name = capability.referencedEntity?.(def);
    if (name) return name;
  }
  return undefined;
}

/**
 * Whether the caller can pick values for this field from its dictionary. A field whose items are rows of another
 * entity (a table dictionary, `references`) needs that entity's list right: the server refuses its items otherwise,
 * so a shipper is not offered 所属承运商 as a filter it could never fill.
 */
export function mayPickFrom(def: FieldDef, access: AccessProvider, entities?: Pick<EntityCatalog, 'peekByName'>): boolean {
  const referenced = referencedEntity(def);
  if (!def.dict || !referenced) return true;
  const source = entities?.peekByName?.(referenced);
  return !source || access.can(permissionCode(source, 'list'));
}

export function listColumns(entity: EntitySchema): Array<ListColumnDef & { def: FieldDef | undefined }> {
  return entity.list.columns.map(normaliseColumn).map((column) => ({ ...column, def: fieldDef(entity, column.field) }));
}

/**
 * Dictionary codes any list column or query input needs, to load ahead. Not those fed by another entity's rows
 * (`references`): the server sends their texts with each page (`_dictText`), the query select loads its own items
 * when it is offered, and a caller who may not list that entity would only be refused them.
 */
export function listDictCodes(entity: EntitySchema): string[] {
  const defs = [...listColumns(entity).map((column) => column.def), ...queryFields(entity).map((query) => query.def)];
  return [...new Set(defs.flatMap(preloadedDict))];
}

/** A field's dictionary code (none or one) when screens load it ahead: not for fields fed by another entity (`references`). */
export function preloadedDict(def: FieldDef | undefined): string[] {
  return def?.dict && !referencedEntity(def) ? [def.dict] : [];
}

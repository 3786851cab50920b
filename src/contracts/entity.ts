/**
 * The entity schema format: one JSON file under `schemas/entities/` declares a table, its fields and validation,
 * its list and form screens, its permission codes and its menu entry. The server builds the table, the CRUD
 * endpoints and the menu from it; the browser builds the screens from it. `schemas/_meta/entity.schema.json`
 * describes the same shape for editors and for `npm test`.
 */

export type FieldType =
  | 'string'
  | 'text'
  | 'integer'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'boolean';

/** Named value formats, checked by the same code in the browser and on the server (see validation/formats.ts). */
export type FieldFormat = 'mobile' | 'cn-id-card' | 'uscc' | 'plate' | 'vin' | 'email' | 'bank-card';

export interface FieldDef {
  /** Label shown to people; also used in validation messages. */
  label: string;
  type: FieldType;
  /** Dictionary code (schemas/dicts). Lists get a `<field>_dictText` sibling; forms show a select. */
  dict?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** Regular expression the value must match (JavaScript syntax, anchored by the author). */
  pattern?: string;
  format?: FieldFormat;
  /** Message shown when `pattern` or `format` fails; a sensible default exists per format. */
  message?: string;
  /** No two rows may share this value; enforced by a unique index and a friendly pre-check. */
  unique?: boolean;
  default?: string | number | boolean;
  /** Written by the server only; ignored in add/edit bodies. */
  readOnly?: boolean;
  /** Lists show the value masked (e.g. 110***********1234) for privacy. */
  mask?: 'id-card' | 'phone' | 'bank-card';
  /** Hint shown in form inputs. */
  placeholder?: string;
}

export type QueryMode = 'like' | 'eq' | 'range';

export interface QueryFieldDef {
  field: string;
  /** like: `*v*` contains; eq: exact (dictionary fields default to eq); range: `_begin`/`_end`. */
  mode?: QueryMode;
}

export interface ListColumnDef {
  field: string;
  width?: number;
  /** Sorting is allowed only on columns that say so (the server allow-lists these). */
  sortable?: boolean;
  fixed?: 'left' | 'right';
}

export interface ListSection {
  columns: Array<string | ListColumnDef>;
  query?: Array<string | QueryFieldDef>;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Page sizes offered; JeecgBoot's default is 10/20/30. */
  pageSizes?: number[];
}

export interface FormSection {
  /** Field order in the form; every field listed here is editable unless readOnly. */
  fields: string[];
  /** 1 or 2 columns of inputs. */
  columns?: 1 | 2;
  /** Modal width in pixels. */
  width?: number;
}

/** The operations an entity exposes. Each maps to a permission code `<permissionPrefix>:<action>`. */
export type EntityAction = 'list' | 'add' | 'edit' | 'delete';
export const ENTITY_ACTIONS: readonly EntityAction[] = ['list', 'add', 'edit', 'delete'];

export interface MenuEntry {
  /** Key of the parent folder in schemas/menus.json. */
  parent: string;
  /** Web route, e.g. /wlhy/hydriver/HyDriverList. */
  path: string;
  /** JeecgBoot component string; the client maps it to this schema. */
  component: string;
  title?: string;
  icon?: string;
  order: number;
}

export interface EntitySchema {
  $schema?: string;
  kind: 'entity';
  /** Resource name, camelCase, e.g. hyDriver. */
  name: string;
  /** Human name of one record, e.g. 司机. */
  title: string;
  /** Database table, snake_case. */
  table: string;
  /** API base path under /jeecg-boot, e.g. /hydriver/hyDriver. */
  api: string;
  /** Permission code prefix, e.g. hydriver:hyDriver → hydriver:hyDriver:add. */
  permissionPrefix: string;
  fields: Record<string, FieldDef>;
  list: ListSection;
  form: FormSection;
  menu?: MenuEntry;
  /** Operations exposed (default all); a server-written log lists only 'list'. */
  actions?: EntityAction[];
  /** Roles (by role code) granted each action when the permission is first created. */
  defaultGrants?: Record<string, EntityAction[]>;
}

/** Columns every entity table has besides its declared fields. */
export const SYSTEM_FIELDS = ['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode', 'tenantId'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

/** Labels and types of the system columns, so lists can show, sort and filter them like declared fields. */
export const SYSTEM_FIELD_DEFS: Record<SystemField, FieldDef> = {
  id: { label: '主键', type: 'string' },
  createBy: { label: '创建人', type: 'string' },
  createTime: { label: '创建时间', type: 'datetime' },
  updateBy: { label: '更新人', type: 'string' },
  updateTime: { label: '更新时间', type: 'datetime' },
  sysOrgCode: { label: '所属部门', type: 'string' },
  tenantId: { label: '租户', type: 'integer' },
};

/** A declared field or a system column, by property name. */
export function fieldDef(entity: Pick<EntitySchema, 'fields'>, name: string): FieldDef | undefined {
  return entity.fields[name] ?? (SYSTEM_FIELD_DEFS as Record<string, FieldDef>)[name];
}

export function entityActions(entity: Pick<EntitySchema, 'actions'>): readonly EntityAction[] {
  return entity.actions ?? ENTITY_ACTIONS;
}

export function permissionCode(entity: Pick<EntitySchema, 'permissionPrefix'>, action: EntityAction): string {
  return `${entity.permissionPrefix}:${action}`;
}

export function normaliseColumn(column: string | ListColumnDef): ListColumnDef {
  return typeof column === 'string' ? { field: column } : column;
}

export function normaliseQueryField(entity: EntitySchema, query: string | QueryFieldDef): Required<QueryFieldDef> {
  const def = typeof query === 'string' ? { field: query } : query;
  const field = fieldDef(entity, def.field);
  const fallback: QueryMode =
    field && (field.dict || field.type === 'boolean') ? 'eq' : field && isRangeType(field.type) ? 'range' : 'like';
  return { field: def.field, mode: def.mode ?? fallback };
}

export function isRangeType(type: FieldType): boolean {
  return type === 'date' || type === 'datetime' || type === 'integer' || type === 'number' || type === 'money';
}

/** Fields the list may sort by: declared sortable columns plus createTime (the JeecgBoot default). */
export function sortableFields(entity: EntitySchema): Set<string> {
  const allowed = new Set<string>(['createTime']);
  for (const column of entity.list.columns.map(normaliseColumn)) {
    if (column.sortable) allowed.add(column.field);
  }
  if (entity.list.defaultSort) allowed.add(entity.list.defaultSort.field);
  return allowed;
}

/**
 * The entity schema format: one JSON file under `schemas/entities/` declares a table, its fields and validation,
 * its list and form screens, its permission codes and its menu entry. The server builds the table, the CRUD
 * endpoints and the menu from it; the browser builds the screens from it. `schemas/_meta/entity.schema.json`
 * describes the same shape for editors and for `npm test`.
 */

import type { PopupConfig } from './report.ts';
import type { ComputedField, RowMask } from './row-masks.ts';
import type { FormPart, FormSection } from './form.ts';
import type { ExportTemplate } from './export-template.ts';
import type { RegisteredFieldType } from '../../field-types/index.ts';

export type { FormAssist, FormPart, FormPreview, FormSection } from './form.ts';
export type { ExportTemplate, ExportTemplateColumn } from './export-template.ts';

/**
 * Storage and input type of a field: the names registered in field-types/index.ts, each a folder
 * (field-types/<type>/) holding its value schema, column, form input and lint.
 */
export type FieldType = RegisteredFieldType;

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
  /** The value a new record starts with; `"$now"` on date and datetime fields: the day or moment it is added. */
  default?: string | number | boolean;
  /** Written by the server only; ignored in add/edit bodies. */
  readOnly?: boolean;
  /** Lists show the value masked (e.g. 110***********1234) for privacy. */
  mask?: 'id-card' | 'phone' | 'bank-card';
  /** Hint shown in form inputs. */
  placeholder?: string;
  /** dict fields: a search-select that asks the server as the user types (large table dictionaries). */
  search?: boolean;
  /** image/file: how many may be attached (default 1); uploading more keeps the latest. */
  maxCount?: number;
  /** image/file: upload folder (`biz`), default the entity's table name. */
  biz?: string;
  /** image/file: the platform setting whose domain prefixes stored relative paths in the browser (default static). */
  fileDomain?: 'static' | 'bank';
  /**
   * dict fields: how the form offers the items. `checkbox` stores several values (like `multiple`).
   * string fields: `cron`, a Quartz cron input that previews the next run times (`<api>/cronPreview`).
   */
  widget?: 'select' | 'radio' | 'checkbox' | 'cron';
  /** dict and user fields: several values, comma-joined on the wire and in the database. */
  multiple?: boolean;
  /** The form asks `/sys/duplicate/check` while the user types (and again on submit). */
  duplicateCheck?: boolean;
  /**
   * string/text fields: a bare list filter value (`name=报表`) matches as contains instead of equals, as JeecgBoot
   * controllers that search the field with LIKE do (the menu list); `*x*`, `x*`, `!x`, `a,b` keep their meaning.
   */
  filterMatch?: 'contains';
  /** Code of a sys_check_rule the form checks the value against (`/sys/checkRule/checkByCode`). */
  checkRule?: string;
  /**
   * string/text fields: a popup record picker over an online report; confirming fills `destFields` of the form
   * (and of grid rows when the field is a grid cell) from the chosen rows. The field itself shows the value.
   */
  popup?: PopupConfig;
  /** rows fields: the sub-fields of one row, in column order (no nested rows). */
  rowFields?: Record<string, FieldDef>;
  /** rows fields: how many rows may be given (default 200). */
  maxRows?: number;
  /** Set when adding; the edit form shows it read-only and the server refuses a change (e.g. a code others refer to). */
  immutable?: boolean;
  /** Required only while every named field holds one of its values (`{"settlementType": ["1", "4"]}`). */
  requiredWhen?: FieldCondition;
  /** string fields: the format follows another field's value (USCC for companies, ID card for persons). */
  formatWhen?: FormatWhen;
  /** Written by the server on every add/edit from other fields of the row (see row-masks.ts); a sent value is ignored. */
  computed?: ComputedField;
}

/** Other field → the values for which a conditional rule applies (all entries must hold). */
export type FieldCondition = Record<string, Array<string | number | boolean>>;

/** `{"field": "customerType", "cases": {"1": "uscc", "2": "cn-id-card"}}`: other values check no format. */
export interface FormatWhen {
  field: string;
  cases: Record<string, FieldFormat>;
}

/**
 * A B-tree for list queries that filter on `fields` by equality (and optionally sort): (tenant, fields…, then the
 * sort column in the list's order `<dir> nulls last, id desc`), so a filtered page and its deep pages walk the index.
 */
export interface IndexDef {
  /** Declared single-valued fields compared with `=` (status, shipper, plate…); may be empty when `sort` is given. */
  fields: string[];
  /** The sort the index serves after those fields (a sortable field or createTime); default none. */
  sort?: { field: string; order?: 'asc' | 'desc' };
  /**
   * Fields carried in the index (INCLUDE) but not sorted by, so a condition on them is checked on the index entry:
   * e.g. a shipper's `customerId = c or agentId = c` read scope, which no key order can serve.
   */
  include?: string[];
  /**
   * The fields are searched by "contains" (`*text*`, the query form's default for text): a trigram (GIN) index
   * instead, so such a search and its count read index entries rather than every row of the table.
   */
  contains?: boolean;
}

/** Whether a field stores several comma-joined values. */
export function isMultiValue(field: FieldDef): boolean {
  if (field.type === 'tags') return true;
  if (field.dict) return field.multiple === true || field.widget === 'checkbox';
  return (field.type === 'user' || field.type === 'department') && field.multiple === true;
}

export type QueryMode = 'like' | 'eq' | 'range';

export interface QueryFieldDef {
  field: string;
  /** like: `*v*` contains; eq: exact (dictionary fields default to eq); range: `_begin`/`_end`. */
  mode?: QueryMode;
  /** Starts collapsed behind 展开 (JeecgBoot `hidden:'1'`); its value still filters. Past the first 3 items all are. */
  hidden?: boolean;
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
  /**
   * The list screen edits rows in place (renderers/editable-list): form fields become editable cells for users
   * holding `<prefix>:edit`, 保存 sends each changed row to the edit endpoint, other pages' saves arrive live.
   */
  inlineEdit?: boolean;
  /**
   * Named presets of the query form: a list URL with `state=<key>` (JeecgBoot bell links such as
   * `/customer/manager?state=1`) starts with these query values; explicit parameters win.
   */
  states?: Record<string, Record<string, string>>;
}

/**
 * A tree entity (JeecgBoot "online tree list"): rows point at their parent; the list shows roots and loads
 * children on expand from `<api>/childList?pid=`. The three fields are declared in `fields` as strings.
 */
export interface TreeSection {
  /** Parent id field; '0' or empty means a root node. */
  parentField: string;
  /** '1'/'0' kept by the server (declare it readOnly): whether the node has children. */
  hasChildField: string;
  /** Field naming a node in the parent picker. */
  labelField: string;
  /** Roots store NULL as their parent instead of '0' (a migration-owned table's convention, e.g. sys_depart). */
  nullRoots?: boolean;
  /** The message when a node would go under itself or one of its descendants (default names the node's parent field). */
  cycleMessage?: string;
  /**
   * `list` answers every row at once as a plain array, never a page (JeecgBoot's /sys/permission/list): without a
   * filter the whole tree, each node's children nested in `children`; with one, the matching rows flat. `childList`
   * answers a plain array too.
   */
  wholeList?: boolean;
  /**
   * A delete takes the node's whole subtree with it (soft-deleted with `storage.deletedFlag`) instead of refusing a
   * node that has children; the answer counts the rows that went.
   */
  deleteSubtree?: boolean;
}

/** The read-only description list of one record (row action 详情). */
export interface DetailSection {
  /** 1 to 4 columns (default 2). */
  columns?: 1 | 2 | 3 | 4;
  /** Fields shown, in order (declared or system fields). */
  fields: string[];
  /** Titled blocks of fields instead of one list; `fields` still names them all. */
  groups?: FormPart[];
}

/** The operations an entity exposes. Each maps to a permission code `<permissionPrefix>:<action>`. */
export type EntityAction = 'list' | 'add' | 'edit' | 'delete' | 'exportXls' | 'importExcel';
export const ENTITY_ACTIONS: readonly EntityAction[] = ['list', 'add', 'edit', 'delete', 'exportXls', 'importExcel'];

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
  /**
   * Shown to users other than platform staff only while their current customer (hy_customer) holds one of the
   * values in each named field, e.g. `{"settlementType": ["4"]}`: 垫付还款 only for shippers settling by 垫付. The
   * server leaves the entry out of the menu it builds (server/menu/permissions.ts).
   */
  customerWhen?: Record<string, string[]>;
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
  /** Makes the list a tree list (see TreeSection). */
  tree?: TreeSection;
  /** Enables the 详情 row action. */
  detail?: DetailSection;
  /** exportXls in a fixed layout (an authority's import template) instead of every field in schema order. */
  export?: { template: ExportTemplate };
  menu?: MenuEntry;
  /** Operations exposed (default all); a server-written log lists only 'list'. */
  actions?: EntityAction[];
  /**
   * Money-moving adds: each one carries an `Idempotency-Key` header (src/contracts/idempotency.ts); the form makes
   * one per opening and the server answers a repeat with the first result instead of writing twice.
   */
  idempotencyKey?: boolean;
  /**
   * delete and deleteBatch are served on POST as well as DELETE, and read `id`/`ids` from a JSON body when the query
   * string has none (JeecgBoot controllers mapping them to both methods, e.g. the tenant screen's).
   */
  postDeletes?: boolean;
  /**
   * The success messages of the engine's add, edit, delete and deleteBatch where the JeecgBoot controller a client
   * expects says something else (`{"edit": "修改成功!"}`); a domain module's own texts still win.
   */
  answers?: Partial<Record<'add' | 'edit' | 'delete' | 'deleteBatch', string>>;
  /** Roles (by role code) granted each action (or operation key) when the permission is first created. */
  defaultGrants?: Record<string, Array<EntityAction | string>>;
  /** Which rows a caller may see and change beyond the tenant (every entity is tenant-scoped). */
  dataScope?: DataScope;
  /** Values some callers never receive, decided per row (e.g. the driver's fee on another agent's order). */
  rowMasks?: RowMask[];
  /** Composite list indexes for the filters a screen combines (equality fields, then the sort); see IndexDef. */
  indexes?: IndexDef[];
  /**
   * Where the rows live when the table is not the engine's own: `owner: "migrations"` (a system table made by a
   * versioned migration, which the engine neither creates nor alters), `tenancy: "platform"` (the table has no
   * tenant_id: one set of rows for the platform, e.g. sys_dict), `lacks` (system columns the table does not have).
   * The endpoints are still the engine's; rules of their own come from a domain module's hooks (server/domains/).
   */
  storage?: EntityStorage;
  /**
   * Line items edited inside this entity's form as editable grids and saved with it in one transaction
   * (JeecgBoot's one-to-many main/sub tables). Each child is an entity of its own table.
   */
  children?: ChildTableDef[];
}

/**
 * Row scopes taken from the session, applied to list, queryById, edit, delete and export. Data rules granted on
 * the entity's menu (sys_permission_data_rule) apply to every entity with a menu, declared here or not.
 */
export interface DataScope {
  /**
   * Customer-scoped: the string field holding the owning customer (shipper) id. Customers (any user type but
   * platform staff, 1) see and change only rows of their current customer, none without one; their adds and
   * edits always carry it. `"id"` is the customer table itself: the row is the customer (no adds then).
   */
  customer?: string;
  /**
   * Further fields naming a customer who may read the row but not change it: `["agentId"]` lets the agent (经纪人)
   * see the orders and waybills it brokers for another shipper (list, detail, export, reports, live updates).
   */
  customerReaders?: string[];
  /** Department-scoped: only rows whose sysOrgCode is the caller's department or one below it. */
  department?: boolean;
  /**
   * Reached through the row `field` names in `entity` (a waybill's history, line items, payments, attachments):
   * a caller reads (changes) such a row exactly when it reads (changes) that row.
   */
  parent?: { field: string; entity: string };
  /**
   * Customers read the rows named by `field` of `entity` rows they may read — the drivers and vehicles of their own
   * waybills — and change none.
   */
  usedBy?: Array<{ entity: string; field: string }>;
  /** Customers holding `permission` also read rows matching `when` (approved drivers offered for dispatch). */
  offered?: { when: Record<string, string[]>; permission: string };
  /** Every caller with the list permission reads every row of the tenant (a published rate card); customers change none. */
  shared?: boolean;
  /** Each user reaches only rows of their own (the table's `user_id`): message receipts. Staff included. */
  self?: boolean;
}

/**
 * Whether a scope says which rows customers reach. An entity without one is staff-only: a customer (any user type but
 * platform staff) reaches none of its rows, whatever its grants say.
 */
export function confinesCustomers(scope: DataScope | undefined): boolean {
  return Boolean(scope && (scope.customer || scope.parent || scope.usedBy?.length || scope.shared || scope.self));
}

export interface ChildTableDef {
  /** The child entity's `name`: an engine entity whose table holds the rows. */
  entity: string;
  /** The child's field holding the parent's id; the server fills it, it is never typed. */
  foreignKey: string;
  /** Property carrying the rows in add/edit bodies (JeecgBoot: `<child>List`), e.g. `lineList`. */
  property: string;
  /** Heading of the grid in the form, e.g. 货物明细. */
  title: string;
  /** Child fields shown as grid columns, in order (default: the child's form fields without the foreign key). */
  columns?: string[];
  /** Child integer field the server writes each row's 1-based position into; the grid gets up/down buttons. */
  sortField?: string;
  /** Most rows one parent may hold (default 1000). */
  maxRows?: number;
}

/** The JeecgBoot-style endpoint listing one parent's rows of a child: `query<Child>ListByMainId`. */
export function childListPath(child: Pick<ChildTableDef, 'entity'>): string {
  return `query${child.entity.charAt(0).toUpperCase()}${child.entity.slice(1)}ListByMainId`;
}

export const DEFAULT_MAX_CHILD_ROWS = 1000;

/** Columns every entity table has besides its declared fields. */
export const SYSTEM_FIELDS = ['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode', 'tenantId'] as const;

export interface EntityStorage {
  owner?: 'schema' | 'migrations';
  /**
   * `tenant` (default): a tenant_id column; `platform`: none, one set of rows for everyone; `list`: the row's
   * rel_tenant_ids lists the tenants it belongs to, comma-joined (JeecgBoot's sys_user): reads and writes see the
   * rows listing the caller's tenant, an add lists it.
   */
  tenancy?: 'tenant' | 'platform' | 'list';
  lacks?: Array<Exclude<SystemField, 'id' | 'tenantId'>>;
  /** Declared fields whose column does not follow the snake_case rule: property → column (a password in password_hash). */
  columns?: Record<string, string>;
  /**
   * Declared fields the table has no column for: form inputs a domain hook reads from the body (a user's selected
   * roles) and texts its present hook adds. Validated like any field; never selected, filtered, sorted or written.
   */
  notColumns?: string[];
  /**
   * Fields whose dictionary codes ('1'/'0') sit in an integer column (JeecgBoot's smallint status): the engine reads
   * them back as text, as every dictionary value travels, and compares their filters as integers.
   */
  integerCodes?: string[];
  /**
   * The column marking deleted rows (JeecgBoot's del_flag: '0' live, '1' deleted): delete sets it to '1' instead of
   * removing the row (line items and histories stay with it), and the engine's reads and writes see live rows only.
   */
  deletedFlag?: string;
  /** With deletedFlag: the entity is the table's deleted rows (a recycle bin screen): reads see flagged rows only. */
  deletedRows?: boolean;
  /**
   * `string` (default): the engine makes the id (a 19-digit string, as JeecgBoot's ASSIGN_ID). `integer`: an integer id column whose ids a client may
   * choose (JeecgBoot's tenants): an add may name a positive integer not yet taken, else it gets the largest plus
   * one (the table is locked for the choice); ids in requests that are not such integers are not found.
   */
  idKind?: 'string' | 'integer';
  /**
   * `table` is a SQL view (a join, no rows of its own): the engine creates and writes nothing (list and exportXls
   * only; the `<api>/<key>` endpoints of its operations are a domain module's routes), and reads it afresh each
   * time, as no write to a view is announced. A migration makes it, or the domain
   * module's `views` when it joins tables the engine creates (those exist only after the migrations).
   */
  view?: boolean;
  /**
   * With `view`: the table whose rows the view shows (joined with others, e.g. a shipper's account with its login
   * user). Add, edit and delete write this table; its domain's hooks write the joined tables. The view stays what
   * every read sees.
   */
  writeTable?: string;
  /** With writeTable: fields only the view has (the joined tables' columns): read, filtered and sorted, never written to writeTable. */
  viewOnly?: string[];
}

/** Whether the engine creates and alters this entity's table (false: a migration owns it). */
export function ownsTable(entity: EntitySchema): boolean {
  return entity.storage?.owner !== 'migrations' && !entity.storage?.view;
}

/** Actions a view-backed entity (storage.view) may expose: it has no rows of its own to write. */
export const VIEW_ACTIONS: readonly EntityAction[] = ['list', 'exportXls'];
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
  return { field: def.field, mode: def.mode ?? fallback, hidden: def.hidden === true };
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

/** The parent id of a root node in a tree entity (JeecgBoot's convention); empty or null also mean root. */
export const TREE_ROOT_ID = '0';

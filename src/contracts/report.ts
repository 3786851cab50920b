/**
 * Online reports (JeecgBoot's cgreport, contract §5): a report is a checked SELECT with named parameters, its
 * columns and query items. Seeded from `schemas/reports/*.report.json`, stored in the database and editable by
 * report admins at run time. The wire shapes below are JeecgBoot's, so its Vue client and our renderer both work.
 */

export type ReportFieldType = 'string' | 'integer' | 'number' | 'money' | 'date' | 'datetime';
export type ReportQueryView = 'text' | 'number' | 'date' | 'datetime' | 'dict' | 'search';

export interface ReportColumnDef {
  /** Output column of the SQL (snake_case as the database returns it). */
  field: string;
  title: string;
  type?: ReportFieldType;
  width?: number;
  sortable?: boolean;
  /** Dictionary code whose texts the column shows (`customRender`). */
  dict?: string;
  /** Shows a 合计 row summing this column. */
  total?: boolean;
  /** Heading over a group of columns. */
  groupTitle?: string;
  /** Link template for the cell (`fieldHref`), e.g. `/wlhy/hydriver/HyDriverList?id=${id}`. */
  href?: string;
  hidden?: boolean;
}

export interface ReportQueryDef {
  field: string;
  label?: string;
  view?: ReportQueryView;
  /** single: one value; group: a `_begin`/`_end` range. */
  mode?: 'single' | 'group';
  /** Starts collapsed behind 展开 (JeecgBoot `hidden: '1'`). */
  hidden?: boolean;
}

export interface ReportParamDef {
  /** Used as `${name}` in the SQL, sent by clients as `self_<name>`. */
  name: string;
  label: string;
  default?: string;
}

export interface ReportDef {
  kind: 'report';
  code: string;
  name: string;
  sql: string;
  columns: ReportColumnDef[];
  query?: ReportQueryDef[];
  params?: ReportParamDef[];
  /** Roles (codes) that may run it when it is first seeded. */
  defaultGrants?: string[];
}

/** The permission to run one report. */
export function reportPermission(code: string): string {
  return `onl:cgreport:${code}`;
}

/** Permission prefix of the report configuration screen (schemas/entities/system/onl-cgreport-head.entity.json). */
export const REPORT_HEAD_PERMISSION_PREFIX = 'onl:cgreport:head';

/** The permission to edit reports (their SQL included); report admins also see the database's error words. */
export const REPORT_ADMIN_PERMISSION = `${REPORT_HEAD_PERMISSION_PREFIX}:edit`;

export const REPORT_CODE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
export const REPORT_FIELD_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** The menu component of a report page (JeecgBoot's), whatever the report: the code is the url's last segment. */
export const REPORT_COMPONENT = 'modules/online/cgreport/auto/OnlCgreportAutoList';

/**
 * A popup record picker (JeecgBoot JPopup), for form fields and grid cells: a modal over report `code` whose
 * selected rows fill destination fields — `orgFields[i]` of the chosen rows, joined by `spliter`, goes to
 * `destFields[i]`. Field lists are comma-separated, as JeecgBoot writes them.
 */
export interface PopupConfig {
  /** Report code the modal shows. */
  code: string;
  /** The form field / row key the input shows; defaults to the field carrying the popup. */
  field?: string;
  /** Report columns to copy, comma-separated. */
  orgFields: string;
  /** Form fields (or row keys) that receive them, comma-separated, in the same order. */
  destFields: string;
  /** Several rows may be chosen; their values are joined by `spliter`. */
  multi?: boolean;
  /** Initial sort of the modal's table: `<column>=asc|desc`. */
  sorter?: string;
  /** Report parameters (`${name}` in its SQL), sent as `self_<name>`. */
  param?: Record<string, string>;
  /** Joins the values of several rows (default `,`). */
  spliter?: string;
  /** Modal width in pixels (default 1200). */
  width?: number;
  /** Input placeholder (default 请选择). */
  placeholder?: string;
  /** Popups with the same group share cached report requests (JeecgBoot groupId). */
  groupId?: string;
}

export const POPUP_DEFAULTS = { spliter: ',', width: 1200, placeholder: '请选择' } as const;

const splitList = (list: string | undefined) => (list ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** The message shown instead of the control when a popup is configured wrongly, or undefined when it is usable. */
export function popupConfigProblem(config: Partial<PopupConfig> | undefined): string | undefined {
  const org = splitList(config?.orgFields);
  const dest = splitList(config?.destFields);
  if (!config?.code || org.length === 0 || dest.length === 0) return 'popup参数未正确配置!';
  if (org.length !== dest.length) return 'popup参数未正确配置,原始值和目标值数量不一致!';
  return undefined;
}

/** What confirming a selection writes: for each destination, its origin column over the rows, joined. */
export function popupAssignments(config: PopupConfig, rows: ReadonlyArray<Record<string, unknown>>): Record<string, string> {
  const org = splitList(config.orgFields);
  const dest = splitList(config.destFields);
  const spliter = config.spliter ?? POPUP_DEFAULTS.spliter;
  const out: Record<string, string> = {};
  dest.forEach((target, i) => {
    out[target] = rows.map((row) => row[org[i]]).map((v) => (v === null || v === undefined ? '' : String(v))).join(spliter);
  });
  return out;
}

/** Clearing a popup empties every destination. */
export function popupCleared(config: PopupConfig): Record<string, string> {
  return Object.fromEntries(splitList(config.destFields).map((target) => [target, '']));
}

/** `sorter: "<column>=asc|desc"` → the report's sort parameters, or undefined when absent or malformed. */
export function popupSort(config: Pick<PopupConfig, 'sorter'>): { column: string; order: 'asc' | 'desc' } | undefined {
  const match = /^([a-z_][a-z0-9_]*)=(asc|desc)$/.exec(config.sorter?.trim() ?? '');
  return match ? { column: match[1], order: match[2] as 'asc' | 'desc' } : undefined;
}

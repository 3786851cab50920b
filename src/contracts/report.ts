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

/** The permission to edit reports (their SQL included). */
export const REPORT_ADMIN_PERMISSION = 'onl:cgreport:admin';

export const REPORT_CODE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
export const REPORT_FIELD_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** The menu component of a report page (JeecgBoot's), whatever the report: the code is the url's last segment. */
export const REPORT_COMPONENT = 'modules/online/cgreport/auto/OnlCgreportAutoList';

/**
 * Rules of a menu/button write beyond the schema's own (required, lengths, dictionaries): what each menu type
 * needs, unique perms, a known component, a sane parent, and urls that are data only (never `javascript:`).
 */
import type { Kysely } from 'kysely';
import type { FieldError } from '../../../../src/contracts/envelope.ts';
import type { SystemTables } from '../../../db/schema.ts';
import type { EntityRuntime } from '../../../entity/registry.ts';
import { readMenuCatalog } from '../../../menu/sync.ts';
import { defaultComponentName, routeNameOfUrl } from '../../../menu/route-names.ts';
import type { PermissionRow } from './rows.ts';

/** JeecgBoot's layout components (contract §3, "Vue route building"). */
const LAYOUTS = ['RouteView', 'PageView', 'IframePageView', 'TabLayout', 'BlankLayout'].map((n) => `layouts/${n}`);

/** Online (low-code) list components a JeecgBoot client resolves from @jeecg/antd-online-mini. */
const ONLINE = [
  'modules/online/cgform/OnlCgformHeadList',
  'modules/online/cgform/OnlCgformCopyList',
  'modules/online/cgform/auto/OnlCgformAutoList',
  'modules/online/cgform/auto/OnlCgformTreeList',
  'modules/online/cgform/auto/erp/OnlCgformErpList',
  'modules/online/cgform/auto/tab/OnlCgformTabList',
  'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList',
  'modules/online/cgreport/OnlCgreportHeadList',
  'modules/online/cgreport/auto/OnlCgreportAutoList',
];

/**
 * Components a menu may name: layouts, entity screens (schema `menu.component`), code pages (schemas/menus.json,
 * whose components src/app/code-pages.ts implements) and the online list components.
 */
export function knownComponents(schemasDir: string, entities: EntityRuntime[]): Set<string> {
  const known = new Set<string>([...LAYOUTS, ...ONLINE]);
  for (const menu of readMenuCatalog(schemasDir).menus) known.add(menu.component);
  for (const { schema } of entities) if (schema.menu) known.add(schema.menu.component);
  return known;
}

export function isDataUrl(url: string): boolean {
  return /^(https?:\/\/|\{\{)/.test(url);
}

/** The values of a validated record the menu rules read (blanks as null). */
export interface MenuValues {
  menuType: number;
  parentId: string | null;
  url: string | null;
  component: string | null;
  componentName: string | null;
  perms: string | null;
}

export function menuValues(record: Record<string, unknown>): MenuValues {
  const text = (name: string) => (typeof record[name] === 'string' && record[name] !== '' ? (record[name] as string) : null);
  return { menuType: Number(record.menuType), parentId: text('parentId'), url: text('url'), component: text('component'), componentName: text('componentName'), perms: text('perms') };
}

export interface MenuCheckInput {
  db: Kysely<SystemTables>;
  components: Set<string>;
  /** The row being edited (undefined on add). */
  id?: string;
  values: MenuValues;
  /** Live rows, to check the parent and cycles. */
  rows: PermissionRow[];
}

export async function menuErrors({ db, components, id, values, rows }: MenuCheckInput): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  const type = values.menuType;
  if (type !== 0 && type !== 1 && type !== 2) add('menuType', '菜单类型：只能是一级菜单、子菜单或按钮/权限');
  if (type === 0 || type === 1) {
    if (!values.url) add('url', '菜单必须填写访问路径');
    if (!values.component) add('component', '菜单必须填写前端组件');
  }
  if (type === 2 && !values.perms) add('perms', '按钮必须填写授权标识');
  const url = values.url ?? '';
  // Stored and served as plain data; a script scheme has no business in a menu.
  if (/^\s*(javascript|data|vbscript):/i.test(url)) add('url', '访问路径不能使用脚本地址');
  else if (url && !url.startsWith('/') && !isDataUrl(url)) add('url', '访问路径应以 / 开头，或是 http(s):// 外部地址');
  if (values.component && !components.has(values.component)) {
    add('component', `前端组件“${values.component}”不存在：请填写 layouts/RouteView 等布局、已有页面的组件或在线表单组件`);
  }
  if (type === 0 && values.parentId) add('parentId', '一级菜单不能有上级菜单');
  if ((type === 1 || type === 2) && !values.parentId) add('parentId', type === 1 ? '子菜单必须选择上级菜单' : '按钮必须选择所属菜单');
  if (values.parentId) {
    const parent = rows.find((r) => r.id === values.parentId);
    if (!parent) add('parentId', '上级菜单不存在');
    else if (parent.menu_type === 2) add('parentId', '上级不能是按钮');
    else if (id && isBelow(rows, parent.id, id)) add('parentId', '上级菜单不能是自己或自己的下级');
  }
  // The stock Vue2 client names a route after it and refuses a second route of the same name (route-names.ts).
  const named = values.componentName && (type === 0 || type === 1) ? rows.find((r) => r.component_name === values.componentName && r.id !== id && r.menu_type !== 2) : undefined;
  if (named) add('componentName', `组件名称“${values.componentName}”已被菜单“${named.name}”使用，路由名称不能重复`);
  if (values.perms) {
    const taken = await db
      .selectFrom('sys_permission')
      .select('id')
      .where('perms', '=', values.perms)
      .where('del_flag', '=', 0)
      .$if(Boolean(id), (qb) => qb.where('id', '<>', id!))
      .executeTakeFirst();
    if (taken) add('perms', `授权标识“${values.perms}”已存在`);
  }
  return errors;
}

/**
 * The route name of a menu row written without one: the component's default (route-names.ts), or the url's route
 * name when another live menu row holds that already (a second menu on the same screen).
 */
export async function componentNameFor(db: Kysely<SystemTables>, id: string, component: string, url: string | null): Promise<string> {
  const wanted = defaultComponentName(component, url);
  if (!url) return wanted;
  const holder = await db
    .selectFrom('sys_permission')
    .select('id')
    .where('component_name', '=', wanted)
    .where('id', '<>', id)
    .where('del_flag', '=', 0)
    .where('menu_type', '<>', 2)
    .executeTakeFirst();
  return holder ? routeNameOfUrl(url) : wanted;
}

/** Whether `nodeId` is `ancestorId` or lies below it. */
function isBelow(rows: PermissionRow[], nodeId: string, ancestorId: string): boolean {
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  let current: string | null | undefined = nodeId;
  for (let depth = 0; current && depth < 100; depth += 1) {
    if (current === ancestorId) return true;
    current = parentOf.get(current);
  }
  return false;
}

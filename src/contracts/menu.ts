/** Menu and permission shapes of `GET /sys/permission/getUserPermissionByToken` (contract §3). */

export interface MenuMeta {
  keepAlive: boolean;
  internalOrExternal: boolean;
  title: string;
  icon?: string;
  componentName: string;
  url?: string;
  hideTab?: boolean;
  hideMenu?: boolean;
  permissionList?: AuthEntry[];
}

export interface MenuNode {
  id: string;
  /** "1" registers a route, "0" does not. */
  route: '0' | '1';
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface AuthEntry {
  action: string;
  /** "1" show/hide, "2" disable. */
  type: '1' | '2';
  describe: string;
  status?: '0' | '1';
}

export interface PermissionResult {
  menu: MenuNode[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  sysSafeMode: boolean;
}

/** Dictionary item as JeecgBoot serialises it: `title` and `label` copy `text`. */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

/** Menu folders and code pages (schemas/menus.json); entity screens add their own entries. */
export interface MenuCatalogEntry {
  key: string;
  title: string;
  path: string;
  component: string;
  icon?: string;
  order: number;
  parent?: string;
  /** Role codes that see this entry when it is first created. */
  roles: string[];
  hidden?: boolean;
}

export interface MenuCatalog {
  $schema?: string;
  menus: MenuCatalogEntry[];
}

export interface DictionaryFile {
  $schema?: string;
  dictionaries: Array<{ code: string; name: string; items: Array<{ value: string; text: string }> }>;
  /**
   * Dictionaries whose items are rows of an entity (JeecgBoot's table dictionaries). Defined here, on the server
   * side, only: a client names the code, never a table or a column.
   */
  tableDictionaries?: TableDictionaryDef[];
}

export interface TableDictionaryDef {
  code: string;
  name: string;
  /** Entity name (its schema's `name`), e.g. hyDriver. */
  entity: string;
  /** Field shown to people. */
  text: string;
  /** Field stored in referencing records; `id` or a declared field. */
  value: string;
}

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  orgCode: string | null;
  orgCodeTxt?: string | null;
  status: number;
  delFlag: number;
  userIdentity: number;
  /** 1 platform staff (STAFF_USER_TYPE), 2 customer (shipper), 6 customer admin. */
  userType: number;
  relTenantIds: string | null;
  departIds: string | null;
  homePath?: string;
}

/** `sys_user.user_type` of platform staff; every other type is a customer's account. */
export const STAFF_USER_TYPE = 1;

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  userType: number;
  cid: string | null;
  departs: Array<{ id: string; departName: string; orgCode: string }>;
  multi_depart: 0 | 1 | 2;
  sysAllDictItems: Record<string, DictModel[]>;
  tenantList?: Array<{ id: number; name: string; status: number }>;
  /** Present when the login asked `remember_me`: the single-use value for `GET /sys/remember/{value}`. */
  rememberToken?: string;
  /** Set by the client when the server answered code 406: the password must be changed first. */
  mustChangePassword?: boolean;
}

/** A route path with `:name` segments (`/online/cgreport/:code`): one route for many menu links. */
export function isParameterPath(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith(':'));
}

/** Whether a concrete path is one a route path stands for: `:name` segments match any non-empty segment. */
export function pathMatches(routePath: string, pathname: string): boolean {
  const want = routePath.split('/');
  const have = pathname.split('/');
  return want.length === have.length && want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]));
}

/**
 * The calls the stock JeecgBoot clients make to the system and report endpoints, as read from their published API
 * modules (ant-design-vue-jeecg 3.4.x `src/api/api.js`, `src/api/login.js` and the views that call endpoints
 * directly; jeecgboot-vue3 `src/api/sys/*.ts`, `src/api/common/api.ts` and `src/views/system/<screen>/*.api.ts`).
 * Only the method, path and a sample of the parameters are recorded — facts, not their code. `{name}` in a path is
 * filled with a demo record's id at probe time (adminId, roleId, dictId, departId, menuId, reportCode). `npm run docs:compat`
 * sends each to a fresh embedded server as admin and writes what it answered into docs/compatibility.md.
 */

export type ClientName = 'vue2' | 'vue3';

export interface StockClientCall {
  /** The screen or module that calls it, e.g. 用户管理. */
  area: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path below /jeecg-boot, with a sample query when the call is read-only. */
  path: string;
  /** Which clients call it (vue2: the Vue2 admin; vue3: the Vue3 admin). */
  clients: readonly ClientName[];
  /** A sample body for a write (sent to a throwaway database). Writes without one are probed with an empty body. */
  body?: Record<string, unknown>;
  /** What the answer means beyond its envelope (an alias, a refusal on purpose). */
  note?: string;
}

const BOTH: readonly ClientName[] = ['vue2', 'vue3'];
const VUE2: readonly ClientName[] = ['vue2'];
const VUE3: readonly ClientName[] = ['vue3'];

export const STOCK_CLIENT_CALLS: readonly StockClientCall[] = [
  // 登录与会话
  { area: '登录', method: 'GET', path: '/sys/randomImage/1700000000000', clients: BOTH },
  { area: '登录', method: 'POST', path: '/sys/login', clients: BOTH, body: { username: 'admin', password: 'Freight@2026', captcha: '', checkKey: 1700000000000 } },
  { area: '登录', method: 'POST', path: '/sys/phoneLogin', clients: BOTH, body: { mobile: '13800000000', captcha: '000000' } },
  { area: '登录', method: 'POST', path: '/sys/sms', clients: BOTH, body: { mobile: '13800000000', smsmode: '0' } },
  { area: '登录', method: 'GET', path: '/sys/user/getUserInfo', clients: VUE3 },
  { area: '登录', method: 'GET', path: '/sys/permission/getPermCode', clients: VUE3 },
  { area: '登录', method: 'GET', path: '/sys/permission/getUserPermissionByToken', clients: BOTH },
  { area: '登录', method: 'GET', path: '/sys/user/checkOnlyUser?username=admin', clients: BOTH },
  { area: '登录', method: 'GET', path: '/sys/cas/client/validateLogin?ticket=ST-1&service=http://localhost', clients: VUE3 },
  // 用户管理
  { area: '用户管理', method: 'GET', path: '/sys/user/list?pageNo=1&pageSize=10', clients: BOTH },
  { area: '用户管理', method: 'GET', path: '/sys/user/queryUserRole?userid={adminId}', clients: BOTH },
  { area: '用户管理', method: 'POST', path: '/sys/user/add', clients: BOTH },
  { area: '用户管理', method: 'PUT', path: '/sys/user/edit', clients: VUE2 },
  { area: '用户管理', method: 'POST', path: '/sys/user/edit', clients: VUE3, note: 'Vue3 saves edits with POST' },
  { area: '用户管理', method: 'PUT', path: '/sys/user/frozenBatch', clients: BOTH },
  { area: '用户管理', method: 'PUT', path: '/sys/user/changePassword', clients: BOTH },
  { area: '用户管理', method: 'GET', path: '/sys/user/recycleBin?pageNo=1&pageSize=10', clients: BOTH },
  { area: '用户管理', method: 'PUT', path: '/sys/user/putRecycleBin', clients: BOTH },
  { area: '用户管理', method: 'DELETE', path: '/sys/user/deleteRecycleBin?userIds=none', clients: BOTH },
  { area: '用户管理', method: 'GET', path: '/sys/user/queryUserByDepId?id={departId}', clients: VUE2 },
  { area: '用户管理', method: 'GET', path: '/sys/user/userDepartList?userId={adminId}', clients: VUE3 },
  { area: '用户管理', method: 'GET', path: '/sys/user/queryUserComponentData?pageNo=1&pageSize=10', clients: VUE3 },
  { area: '用户管理', method: 'GET', path: '/sys/user/exportXls', clients: BOTH },
  { area: '用户管理', method: 'GET', path: '/sys/position/list?pageNo=1&pageSize=10', clients: BOTH },
  // 角色管理
  { area: '角色管理', method: 'GET', path: '/sys/role/list?pageNo=1&pageSize=10', clients: BOTH },
  { area: '角色管理', method: 'GET', path: '/sys/role/queryall', clients: BOTH },
  { area: '角色管理', method: 'GET', path: '/sys/role/checkRoleCode?roleCode=admin', clients: BOTH },
  { area: '角色管理', method: 'GET', path: '/sys/role/queryTreeList', clients: BOTH },
  { area: '角色管理', method: 'POST', path: '/sys/role/add', clients: BOTH },
  { area: '角色管理', method: 'PUT', path: '/sys/role/edit', clients: VUE2 },
  { area: '角色管理', method: 'POST', path: '/sys/role/edit', clients: VUE3, note: 'Vue3 saves edits with POST' },
  { area: '角色管理', method: 'GET', path: '/sys/user/userRoleList?roleId={roleId}&pageNo=1&pageSize=10', clients: BOTH },
  { area: '角色管理', method: 'POST', path: '/sys/user/addSysUserRole', clients: BOTH },
  { area: '角色管理', method: 'DELETE', path: '/sys/user/deleteUserRole?roleId={roleId}&userId=none', clients: BOTH },
  { area: '角色管理', method: 'DELETE', path: '/sys/user/deleteUserRoleBatch?roleId={roleId}&userIds=none', clients: BOTH },
  { area: '角色管理', method: 'GET', path: '/sys/permission/queryRolePermission?roleId={roleId}', clients: BOTH },
  { area: '角色管理', method: 'POST', path: '/sys/permission/saveRolePermission', clients: BOTH },
  // 菜单管理
  { area: '菜单管理', method: 'GET', path: '/sys/permission/list', clients: BOTH },
  { area: '菜单管理', method: 'GET', path: '/sys/permission/getSystemMenuList', clients: VUE2 },
  { area: '菜单管理', method: 'GET', path: '/sys/permission/getSystemSubmenu?parentId={menuId}', clients: VUE2 },
  { area: '菜单管理', method: 'GET', path: '/sys/permission/getSystemSubmenuBatch?parentIds={menuId}', clients: VUE2 },
  { area: '菜单管理', method: 'GET', path: '/sys/permission/queryTreeList', clients: BOTH },
  { area: '菜单管理', method: 'GET', path: '/sys/permission/queryListAsync', clients: VUE2, note: 'exported by api.js; JeecgBoot marks it unused (接口是废的) and no screen calls it' },
  { area: '菜单管理', method: 'GET', path: '/sys/permission/loadAllRoleIds', clients: VUE2, note: 'exported by api.js; the JeecgBoot server has no such endpoint either' },
  { area: '菜单管理', method: 'GET', path: '/sys/permission/getPermRuleListByPermId?permissionId={menuId}', clients: BOTH },
  { area: '菜单管理', method: 'POST', path: '/sys/permission/add', clients: BOTH },
  { area: '菜单管理', method: 'PUT', path: '/sys/permission/edit', clients: BOTH },
  // 部门管理
  { area: '部门管理', method: 'GET', path: '/sys/sysDepart/queryTreeList', clients: BOTH },
  { area: '部门管理', method: 'GET', path: '/sys/sysDepart/queryDepartTreeSync', clients: BOTH },
  { area: '部门管理', method: 'GET', path: '/sys/sysDepart/queryIdTree', clients: VUE2 },
  { area: '部门管理', method: 'GET', path: '/sys/sysDepart/searchBy?keyWord=a', clients: BOTH },
  { area: '部门管理', method: 'GET', path: '/sys/sysDepart/queryMyDeptTreeList', clients: VUE2 },
  { area: '部门管理', method: 'GET', path: '/sys/permission/queryDepartPermission?departId={departId}', clients: VUE2 },
  { area: '部门管理', method: 'POST', path: '/sys/permission/saveDepartPermission', clients: VUE2 },
  { area: '部门管理', method: 'GET', path: '/sys/sysDepartPermission/queryTreeListForDeptRole?departId={departId}', clients: VUE2 },
  { area: '部门管理', method: 'GET', path: '/sys/sysDepartPermission/queryDeptRolePermission?roleId={roleId}', clients: VUE2 },
  { area: '部门管理', method: 'POST', path: '/sys/sysDepartPermission/saveDeptRolePermission', clients: VUE2 },
  // 数据字典
  { area: '数据字典', method: 'GET', path: '/sys/dict/list?pageNo=1&pageSize=10', clients: BOTH },
  { area: '数据字典', method: 'GET', path: '/sys/dict/getDictItems/sex', clients: BOTH },
  { area: '数据字典', method: 'GET', path: '/sys/dict/getDictItems/no_such_code', clients: BOTH },
  { area: '数据字典', method: 'GET', path: '/sys/dict/treeList', clients: VUE2 },
  { area: '数据字典', method: 'POST', path: '/sys/dict/add', clients: BOTH },
  { area: '数据字典', method: 'GET', path: '/sys/dictItem/list?dictId={dictId}&pageNo=1&pageSize=10', clients: BOTH },
  { area: '数据字典', method: 'GET', path: '/sys/dictItem/dictItemCheck?itemValue=1&dictId={dictId}', clients: BOTH },
  { area: '数据字典', method: 'POST', path: '/sys/dictItem/add', clients: BOTH },
  { area: '数据字典', method: 'GET', path: '/sys/duplicate/check?tableName=sys_dict&fieldName=dict_code&fieldVal=sex', clients: BOTH },
  { area: '数据字典', method: 'GET', path: '/sys/category/loadAllData?code=none', clients: BOTH, note: '分类字典 (sys_category) is not offered: no screen of ours uses it' },
  { area: '数据字典', method: 'GET', path: '/sys/checkRule/checkByCode?ruleCode=none&value=1', clients: VUE2 },
  // 唯一校验
  { area: '唯一校验', method: 'GET', path: '/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin', clients: BOTH },
  { area: '唯一校验', method: 'GET', path: '/sys/duplicate/check?tableName=sys_role&fieldName=role_code&fieldVal=admin', clients: BOTH },
  // 通告与消息
  { area: '通告', method: 'GET', path: '/sys/annountCement/list?pageNo=1&pageSize=10', clients: BOTH },
  { area: '通告', method: 'GET', path: '/sys/annountCement/doReleaseData?id=none', clients: BOTH },
  { area: '通告', method: 'GET', path: '/sys/annountCement/doReovkeData?id=none', clients: BOTH },
  { area: '通告', method: 'GET', path: '/sys/annountCement/listByUser', clients: BOTH },
  { area: '通告', method: 'GET', path: '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=10', clients: BOTH },
  // 日志与首页
  { area: '日志', method: 'GET', path: '/sys/log/list?logType=1&pageNo=1&pageSize=10', clients: BOTH },
  { area: '首页', method: 'GET', path: '/sys/loginfo', clients: BOTH },
  { area: '首页', method: 'GET', path: '/sys/visitInfo', clients: BOTH },
  // 租户、第三方、定时任务
  { area: '租户', method: 'GET', path: '/sys/tenant/list?pageNo=1&pageSize=10', clients: BOTH },
  { area: '租户', method: 'GET', path: '/sys/tenant/queryList', clients: VUE3 },
  { area: '第三方', method: 'GET', path: '/sys/thirdApp/getEnabledType', clients: BOTH },
  { area: '定时任务', method: 'GET', path: '/sys/quartzJob/list?pageNo=1&pageSize=10', clients: BOTH },
  // 文件
  { area: '文件', method: 'POST', path: '/sys/common/upload', clients: BOTH, note: 'multipart; probed without a file' },
  { area: '文件', method: 'GET', path: '/sys/common/transitRESTful?url=http%3A%2F%2F127.0.0.1%2F', clients: VUE2, note: 'an open relay: refused on purpose' },
  // 在线报表
  { area: '在线报表', method: 'GET', path: '/online/cgreport/head/list?pageNo=1&pageSize=10', clients: BOTH },
  { area: '在线报表', method: 'GET', path: '/online/cgreport/api/getColumnsAndData/{reportCode}', clients: VUE2 },
  { area: '在线报表', method: 'GET', path: '/online/cgreport/api/getColumns/{reportCode}', clients: VUE3 },
  { area: '在线报表', method: 'GET', path: '/online/cgreport/api/getData/{reportCode}', clients: VUE3 },
  { area: '在线报表', method: 'GET', path: '/sys/dataSource/options', clients: BOTH },
  // 退出
  { area: '登录', method: 'POST', path: '/sys/logout', clients: VUE2 },
  { area: '登录', method: 'GET', path: '/sys/logout', clients: VUE3 },
];

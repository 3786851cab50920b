/**
 * Reading users for administration: the list (JeecgBoot query language over the real sys_user columns), one
 * user, their roles and departments. Never the password hash; only users of the caller's tenant; the reserved
 * external user is never shown.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Page } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import { inTenant } from '../../entity/field-types.ts';
import { buildFilters, buildOrder, pageParams, type QueryParams } from '../../entity/query.ts';
import { assertPageDepth, countMatches, pageRows } from '../../entity/paging.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import { queryRuntime, splitIds, text } from './helpers.ts';

export const RESERVED_USER = '_reserve_user_external';

/** What a client sees of a user: sys_user without credentials; codes as strings (the form's dictionary values). */
export interface UserRecord {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  sex: string | null;
  status: string;
  userType: string;
  orgCode: string | null;
  departIds: string | null;
  relTenantIds: string | null;
  customerId: string | null;
  delFlag: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  [key: string]: unknown;
}

const SELECT = sql`id, username, realname, avatar, phone, email, cast(sex as varchar) as sex, cast(status as varchar) as status,
  cast(user_type as varchar) as "userType", org_code as "orgCode", depart_ids as "departIds", rel_tenant_ids as "relTenantIds",
  customer_id as "customerId", del_flag as "delFlag", create_by as "createBy", create_time as "createTime",
  update_by as "updateBy", update_time as "updateTime"`;

/** Properties of the schema that are not sys_user columns (form-only and computed ones) or must never be filtered. */
const NOT_COLUMNS = ['sysOrgCode', 'selectedroles', 'selecteddeparts', 'orgCodeTxt', 'password'];

export function userQueryRuntime(entity: EntityRuntime): EntityRuntime {
  return queryRuntime(entity, NOT_COLUMNS, { sex: 'integer', status: 'integer', userType: 'integer' });
}

/** Conditions every read shares: the tenant, live or deleted, never the reserved user. */
export function userScope(tenantId: number, deleted: boolean): RawBuilder<unknown>[] {
  return [inTenant(tenantId), sql`del_flag = ${deleted ? 1 : 0}`, sql`username <> ${RESERVED_USER}`];
}

/** Department names per user (`orgCodeTxt`), one query for the whole page. */
async function departNamesOf(ctx: AppContext, tenantId: number, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select(['ud.user_id', 'd.depart_name'])
    .where('ud.user_id', 'in', userIds)
    .where('d.tenant_id', '=', tenantId)
    .where('d.del_flag', '=', 0)
    .orderBy('d.depart_order')
    .orderBy('d.org_code')
    .execute();
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.user_id, [...(out.get(row.user_id) ?? []), row.depart_name]);
  return new Map([...out].map(([id, names]) => [id, names.join(',')]));
}

/** `_dictText` of the dictionary fields and the department names, as list screens show them. */
export async function presentUsers(ctx: AppContext, tenantId: number, rows: UserRecord[]): Promise<UserRecord[]> {
  const names = await departNamesOf(ctx, tenantId, rows.map((r) => r.id));
  return rows.map((row) => ({
    ...row,
    sex_dictText: ctx.dicts.text('sex', row.sex),
    status_dictText: ctx.dicts.text('user_status', row.status),
    userType_dictText: ctx.dicts.text('user_type', row.userType),
    orgCodeTxt: names.get(row.id) ?? '',
  }));
}

/** `extra`: the caller's data rules on the 用户管理 page (JeecgBoot's @PermissionData on the user list). */
export async function listUsers(
  ctx: AppContext,
  runtime: EntityRuntime,
  tenantId: number,
  params: QueryParams,
  deleted = false,
  extra: RawBuilder<unknown>[] = [],
): Promise<Page<UserRecord>> {
  const { pageNo, pageSize } = pageParams(params);
  const offset = (pageNo - 1) * pageSize;
  assertPageDepth(offset);
  const conditions = [...userScope(tenantId, deleted), ...buildFilters(runtime, params), ...extra];
  const departId = text(params.departId);
  if (departId) {
    conditions.push(sql`exists (select 1 from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
      where ud.user_id = sys_user.id and ud.dep_id = ${departId} and d.tenant_id = ${tenantId})`);
  }
  const codes = splitIds(params.code);
  if (codes.length > 0) conditions.push(sql`id in (${sql.join(codes)})`);
  const parts = { select: SELECT, from: sql`sys_user`, where: sql.join(conditions, sql` and `), order: buildOrder(runtime, params) };
  const rows = await pageRows<UserRecord>(ctx.db, parts, pageSize, offset);
  const total = rows.length < pageSize && (rows.length > 0 || offset === 0) ? offset + rows.length : await countMatches(ctx.db, parts.from, parts.where);
  return {
    records: await presentUsers(ctx, tenantId, rows),
    total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize),
    orders: [], optimizeCountSql: true, searchCount: true, countId: null, maxLimit: null,
  };
}

/** Users of the tenant by id (live, or deleted for the recycle bin). */
export async function findUsers(ctx: AppContext, tenantId: number, ids: string[], deleted = false): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const where = sql.join([...userScope(tenantId, deleted), sql`id in (${sql.join(ids)})`], sql` and `);
  const { rows } = await sql<UserRecord>`select ${SELECT} from sys_user where ${where}`.execute(ctx.db);
  return rows;
}

export async function roleIdsOf(ctx: AppContext, tenantId: number, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('ur.role_id')
    .where('ur.user_id', '=', userId)
    .where('r.tenant_id', '=', tenantId)
    .orderBy('ur.role_id')
    .execute();
  return rows.map((r) => r.role_id);
}

export async function departsOf(ctx: AppContext, tenantId: number, userId: string): Promise<Array<{ id: string; departName: string }>> {
  return ctx.db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select(['d.id', 'd.depart_name as departName'])
    .where('ud.user_id', '=', userId)
    .where('d.tenant_id', '=', tenantId)
    .where('d.del_flag', '=', 0)
    .orderBy('d.depart_order')
    .orderBy('d.org_code')
    .execute();
}

/** One live user with the form's extra fields (`selectedroles`, `selecteddeparts`: comma-joined ids). */
export async function userForForm(ctx: AppContext, tenantId: number, id: string): Promise<UserRecord | undefined> {
  const [user] = await findUsers(ctx, tenantId, [id]);
  if (!user) return undefined;
  const roles = await roleIdsOf(ctx, tenantId, id);
  const departs = await departsOf(ctx, tenantId, id);
  return { ...user, selectedroles: roles.join(','), selecteddeparts: departs.map((d) => d.id).join(',') };
}

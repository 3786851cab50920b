/**
 * Roles: /sys/role (issue 5, contract §6.5). Roles belong to the caller's tenant (migration 0110); role codes are
 * unique across tenants because menus and defaultGrants grant by code. The `admin` role is the one that can
 * administer everything, so it can be neither deleted nor renamed away.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { Page } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import { buildFilters, buildOrder, pageParams, type QueryParams } from '../../entity/query.ts';
import { assertPageDepth, countMatches, pageRows } from '../../entity/paging.ts';
import { recordErrors } from '../../entity/validation.ts';
import { queryRuntime, splitIds, text } from '../users/helpers.ts';

export const PROTECTED_ROLE = 'admin';
export const ROLE_CODE_TAKEN = '角色编码已存在';

export interface RoleRecord {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
}

const SELECT = sql`id, role_name as "roleName", role_code as "roleCode", description, create_by as "createBy",
  create_time as "createTime", update_time as "updateTime", update_by as "updateBy"`;

interface RoleBody {
  id?: unknown;
  roleName?: unknown;
  roleCode?: unknown;
  description?: unknown;
}

export function registerRolesRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/role`;
  const entity = ctx.entities.find((e) => e.schema.name === 'sysRole');
  if (!entity) throw new Error('schemas/entities/system/sys-role.entity.json is missing');
  // sys_role has no sys_org_code column: filters and sorting see only the columns it really has.
  const runtime = queryRuntime(entity, ['sysOrgCode']);

  const findRole = async (tenantId: number, id: string): Promise<RoleRecord | undefined> => {
    const { rows } = await sql<RoleRecord>`select ${SELECT} from sys_role where id = ${id} and tenant_id = ${tenantId}`.execute(ctx.db);
    return rows[0];
  };

  const codeTaken = async (code: string, exceptId: string): Promise<boolean> => {
    const row = await ctx.db.selectFrom('sys_role').select('id').where('role_code', '=', code).where('id', '<>', exceptId).executeTakeFirst();
    return row !== undefined;
  };

  /** The body as the schema checks it; a taken code is a field error too. */
  const checkedRole = async (body: RoleBody, exceptId: string) => {
    const record: Record<string, unknown> = {};
    for (const name of ['roleName', 'roleCode', 'description'] as const) {
      const value = text(body[name]);
      if (value !== '') record[name] = value;
    }
    const errors = recordErrors(ctx, entity, record);
    if (errors.length === 0 && (await codeTaken(String(record.roleCode), exceptId))) {
      errors.push({ field: 'roleCode', message: ROLE_CODE_TAKEN });
    }
    if (errors.length > 0) throw new ValidationError(errors);
    return { roleName: String(record.roleName), roleCode: String(record.roleCode), description: (record.description as string | undefined) ?? null };
  };

  app.get<{ Querystring: QueryParams }>(`${base}/list`, { config: { permission: 'system:role:list' } }, async (request) => {
    const caller = requireCaller(request);
    const params = request.query;
    const { pageNo, pageSize } = pageParams(params);
    const offset = (pageNo - 1) * pageSize;
    assertPageDepth(offset);
    const conditions: RawBuilder<unknown>[] = [sql`tenant_id = ${caller.tenantId}`, ...buildFilters(runtime, params)];
    const parts = { select: SELECT, from: sql`sys_role`, where: sql.join(conditions, sql` and `), order: buildOrder(runtime, params) };
    const records = await pageRows<RoleRecord>(ctx.db, parts, pageSize, offset);
    const total = records.length < pageSize && (records.length > 0 || offset === 0) ? offset + records.length : await countMatches(ctx.db, parts.from, parts.where);
    const page: Page<RoleRecord> = {
      records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize),
      orders: [], optimizeCountSql: true, searchCount: true, countId: null, maxLimit: null,
    };
    return ok(page);
  });

  app.get(`${base}/queryall`, { config: { permission: 'system:role:list' } }, async (request) => {
    const caller = requireCaller(request);
    const { rows } = await sql<RoleRecord>`select ${SELECT} from sys_role where tenant_id = ${caller.tenantId} order by role_name, id`.execute(ctx.db);
    return ok(rows);
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: 'system:role:list' } }, async (request) => {
    const caller = requireCaller(request);
    const role = await findRole(caller.tenantId, text(request.query.id));
    if (!role) throw new BusinessError('未找到对应角色');
    return ok(role);
  });

  app.get<{ Querystring: { roleCode?: string; id?: string } }>(`${base}/checkRoleCode`, { config: { permission: 'system:role:list' } }, async (request) => {
    requireCaller(request);
    const code = text(request.query.roleCode);
    if (!code) throw new BusinessError('请输入角色编码');
    if (await codeTaken(code, text(request.query.id))) throw new BusinessError(ROLE_CODE_TAKEN);
    return ok(true, '该值可用！');
  });

  app.post<{ Body: RoleBody }>(`${base}/add`, { config: { permission: 'system:role:add' } }, async (request) => {
    const caller = requireCaller(request);
    const role = await checkedRole(request.body ?? {}, '');
    await ctx.db
      .insertInto('sys_role')
      .values({ id: newId(), role_code: role.roleCode, role_name: role.roleName, description: role.description, tenant_id: caller.tenantId, create_by: caller.username })
      .execute();
    return ok(null, '添加成功！');
  });

  const edit = async (caller: ReturnType<typeof requireCaller>, body: RoleBody) => {
    const id = text(body.id);
    const current = id ? await findRole(caller.tenantId, id) : undefined;
    if (!current) throw new BusinessError('未找到对应角色');
    const role = await checkedRole(body, id);
    if (current.roleCode === PROTECTED_ROLE && role.roleCode !== PROTECTED_ROLE) {
      throw new ValidationError([{ field: 'roleCode', message: '系统管理员角色的编码不能修改' }]);
    }
    await ctx.db
      .updateTable('sys_role')
      .set({ role_code: role.roleCode, role_name: role.roleName, description: role.description, update_by: caller.username, update_time: sql<string>`now()` })
      .where('id', '=', id)
      .where('tenant_id', '=', caller.tenantId)
      .execute();
    return ok(null, '修改成功!');
  };
  app.put<{ Body: RoleBody }>(`${base}/edit`, { config: { permission: 'system:role:edit' } }, async (request) => edit(requireCaller(request), request.body ?? {}));
  app.post<{ Body: RoleBody }>(`${base}/edit`, { config: { permission: 'system:role:edit' } }, async (request) => edit(requireCaller(request), request.body ?? {}));

  /** Deletes roles of the caller's tenant with their grants and memberships, all or nothing. */
  const remove = async (tenantId: number, ids: string[]) => {
    if (ids.length === 0) throw new BusinessError('请选择要删除的角色');
    const roles = await ctx.db.selectFrom('sys_role').select(['id', 'role_code']).where('id', 'in', ids).where('tenant_id', '=', tenantId).execute();
    if (roles.length !== new Set(ids).size) throw new BusinessError('未找到对应角色');
    if (roles.some((r) => r.role_code === PROTECTED_ROLE)) throw new BusinessError('系统管理员角色不能删除');
    await ctx.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('sys_user_role').where('role_id', 'in', ids).execute();
      await tx.deleteFrom('sys_role_permission').where('role_id', 'in', ids).execute();
      await tx.deleteFrom('sys_role').where('id', 'in', ids).where('tenant_id', '=', tenantId).execute();
    });
  };

  app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, { config: { permission: 'system:role:delete' } }, async (request) => {
    await remove(requireCaller(request).tenantId, splitIds(request.query.id).slice(0, 1));
    return ok(null, '删除角色成功');
  });

  app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, { config: { permission: 'system:role:delete' } }, async (request) => {
    await remove(requireCaller(request).tenantId, splitIds(request.query.ids));
    return ok(null, '删除角色成功');
  });
}

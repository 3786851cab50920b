/**
 * Department roles: `/sys/sysDepartRole` (issue 5) — roles owned by a department of the caller's tenant, CRUD on
 * the 部门角色 screen (schemas/entities/system/sys-depart-role.entity.json), plus JeecgBoot's
 * `getDeptRoleList`, `getDeptRoleByUserId` and `deptRoleUserAdd` (a member's roles in one department). Grants and
 * assignments live in role-grant-routes.ts; what they grant is read by server/auth/role-grants.ts.
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import { normaliseRecord } from '../../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import type { QueryParams } from '../../entity/query.ts';
import { findRow, insertRow, listRows, presentRows, updateRow } from '../../entity/repository.ts';
import { validate, writableValues } from '../../entity/validation.ts';
import { tableTextsForRows } from '../../dict/table-dicts.ts';
import { bodyOf, entityNamed, idList, text, type DepartDb } from './store.ts';

export const ROLE_NOT_FOUND = '部门角色不存在';
const CODE_TAKEN = '部门角色编码已存在';

/** A live department of the tenant, or undefined. */
export async function liveDepart(db: DepartDb, tenantId: number, id: string): Promise<{ id: string; depart_name: string } | undefined> {
  if (!id) return undefined;
  return db.selectFrom('sys_depart').select(['id', 'depart_name']).where('id', '=', id).where('tenant_id', '=', tenantId).where('del_flag', '=', 0).executeTakeFirst();
}

/** A department role of the tenant with its department. */
export async function departRole(db: DepartDb, tenantId: number, id: string): Promise<{ id: string; departId: string } | undefined> {
  if (!id) return undefined;
  const { rows } = await sql<{ id: string; departId: string }>`select id, depart_id as "departId" from sys_depart_role
    where id = ${id} and tenant_id = ${tenantId}`.execute(db);
  return rows[0];
}

/** Is `userId` a live member of the department (in the tenant)? */
export async function isMember(db: DepartDb, tenantId: number, departId: string, userId: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`select u.id from sys_user u join sys_user_depart ud on ud.user_id = u.id
    join sys_depart d on d.id = ud.dep_id
    where u.id = ${userId} and u.del_flag = 0 and ud.dep_id = ${departId} and d.tenant_id = ${tenantId}`.execute(db);
  return rows.length > 0;
}

export function registerDepartRoleRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const entity = entityNamed(ctx, 'sysDepartRole');
  const base = `${prefix}${entity.schema.api}`;
  const can = (code: string) => ({ config: { permission: `${entity.schema.permissionPrefix}:${code}` } });

  const present = async (caller: Caller, rows: WireRecord[]) =>
    presentRows(entity, ctx.dicts, rows, false, await tableTextsForRows(ctx.db, ctx.tableDicts, entity, caller.tenantId, rows));

  /** Schema rules, a live department of the tenant, a code unique within the department. */
  const checked = async (caller: Caller, data: Record<string, unknown>, exceptId: string) => {
    const record = normaliseRecord(entity.schema, data);
    validate(ctx, entity, record);
    const depart = await liveDepart(ctx.db, caller.tenantId, String(record.departId));
    if (!depart) throw new ValidationError([{ field: 'departId', message: '部门不存在，请重新选择' }]);
    const { rows } = await sql<{ id: string }>`select id from sys_depart_role
      where depart_id = ${depart.id} and role_code = ${String(record.roleCode)} and id <> ${exceptId}`.execute(ctx.db);
    if (rows.length > 0) throw new ValidationError([{ field: 'roleCode', message: CODE_TAKEN }]);
    return record;
  };

  app.get<{ Querystring: QueryParams }>(`${base}/list`, can('list'), async (request) => {
    const caller = requireCaller(request);
    // JeecgBoot's screen asks `list?deptId=`: one department's roles.
    const deptId = text(request.query.deptId);
    const page = await listRows(ctx.db, entity, caller.tenantId, request.query, deptId ? [sql`depart_id = ${deptId}`] : []);
    return ok({ ...page, records: await present(caller, page.records) });
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const row = await findRow(ctx.db, entity, caller.tenantId, text(request.query.id));
    if (!row) throw new BusinessError(ROLE_NOT_FOUND);
    return ok((await present(caller, [row]))[0]);
  });

  app.post(`${base}/add`, can('add'), async (request) => {
    const caller = requireCaller(request);
    const record = await checked(caller, bodyOf(request.body), '');
    const id = newId();
    await insertRow(ctx.db, entity, { id, ...writableValues(entity, record), createBy: caller.username, sysOrgCode: caller.orgCode, tenant_id: caller.tenantId });
    return ok({ id }, '添加成功！');
  });

  const edit = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const current = await findRow(ctx.db, entity, caller.tenantId, text(body.id));
    if (!current) throw new BusinessError(ROLE_NOT_FOUND);
    const merged: Record<string, unknown> = {};
    for (const name of Object.keys(entity.schema.fields)) merged[name] = name in body ? body[name] : current[name];
    // Grants and members belong to the department: a role does not move to another one.
    if (text(merged.departId) !== current.departId) throw new ValidationError([{ field: 'departId', message: '所属部门不能修改' }]);
    const record = await checked(caller, merged, String(current.id));
    await updateRow(ctx.db, entity, caller.tenantId, String(current.id), { ...writableValues(entity, record), updateBy: caller.username, updateTime: new Date().toISOString() });
    return ok(null, '编辑成功!');
  };
  app.put(`${base}/edit`, can('edit'), edit);
  app.post(`${base}/edit`, can('edit'), edit);

  /** Deletes roles of the tenant (their grants and members go with them, on delete cascade); all or nothing. */
  const remove = async (caller: Caller, ids: string[]) => {
    if (ids.length === 0) throw new BusinessError('请选择要删除的记录');
    await ctx.db.transaction().execute(async (tx) => {
      const result = await sql`delete from sys_depart_role where tenant_id = ${caller.tenantId} and id in (${sql.join(ids)})`.execute(tx);
      if (Number(result.numAffectedRows ?? 0) !== ids.length) throw new BusinessError(ROLE_NOT_FOUND);
    });
  };
  app.delete<{ Querystring: { id?: string } }>(`${base}/delete`, can('delete'), async (request) => {
    await remove(requireCaller(request), idList(request.query.id).slice(0, 1));
    return ok(null, '删除成功!');
  });
  app.delete<{ Querystring: { ids?: string } }>(`${base}/deleteBatch`, can('delete'), async (request) => {
    await remove(requireCaller(request), idList(request.query.ids).slice(0, 1000));
    return ok(null, '批量删除成功!');
  });

  // A department's roles (JeecgBoot's user-in-department dialog lists them to choose from).
  app.get<{ Querystring: { departId?: string } }>(`${base}/getDeptRoleList`, can('list'), async (request) => {
    const caller = requireCaller(request);
    const depart = await liveDepart(ctx.db, caller.tenantId, text(request.query.departId));
    if (!depart) throw new BusinessError('部门不存在');
    const page = await listRows(ctx.db, entity, caller.tenantId, { pageSize: '1000', column: 'roleCode', order: 'asc' }, [sql`depart_id = ${depart.id}`]);
    return ok(await present(caller, page.records));
  });

  // JeecgBoot's SysDepartRoleUser rows {id, userId, droleId} of one member in one department.
  app.get<{ Querystring: { userId?: string; departId?: string } }>(`${base}/getDeptRoleByUserId`, { config: { permission: 'system:departRoleUser:list' } }, async (request) => {
    const caller = requireCaller(request);
    const { rows } = await sql<WireRecord>`select dru.id, dru.user_id as "userId", dru.role_id as "droleId" from sys_depart_role_user dru
      join sys_depart_role dr on dr.id = dru.role_id
      where dru.user_id = ${text(request.query.userId)} and dr.depart_id = ${text(request.query.departId)} and dr.tenant_id = ${caller.tenantId}
      order by dr.role_code`.execute(ctx.db);
    return ok(rows);
  });

  // Sets a member's roles in one department: {userId, newRoleId: "a,b", oldRoleId} (old is JeecgBoot's diff base, not needed).
  app.post(`${base}/deptRoleUserAdd`, { config: { permission: 'system:departRoleUser:add' } }, async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const userId = text(body.userId);
    const wanted = idList(body.newRoleId);
    const departId = text(body.departId);
    const roles = await Promise.all(wanted.map((id) => departRole(ctx.db, caller.tenantId, id)));
    if (roles.some((role) => !role)) throw new BusinessError(ROLE_NOT_FOUND);
    const departs = new Set([...roles.map((role) => role!.departId), ...(departId ? [departId] : [])]);
    if (departs.size !== 1) throw new BusinessError(wanted.length === 0 ? '请选择部门' : '部门角色须属于同一部门');
    const [depart] = [...departs];
    if (!(await isMember(ctx.db, caller.tenantId, depart, userId))) throw new BusinessError('该用户不属于此部门');
    await ctx.db.transaction().execute(async (tx) => {
      await sql`delete from sys_depart_role_user where user_id = ${userId}
        and role_id in (select id from sys_depart_role where depart_id = ${depart} and tenant_id = ${caller.tenantId})`.execute(tx);
      for (const roleId of wanted) {
        await sql`insert into sys_depart_role_user (id, role_id, user_id, create_by, tenant_id)
          values (${newId()}, ${roleId}, ${userId}, ${caller.username}, ${caller.tenantId})`.execute(tx);
      }
    });
    return ok(null, '添加成功!');
  });
}

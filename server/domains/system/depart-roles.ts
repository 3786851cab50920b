/**
 * Department roles (`/sys/sysDepartRole`, issue 5) on the engine: roles owned by a department of the caller's tenant,
 * over sys_depart_role (migration 0121, tenant-scoped). list/queryById/add/edit/delete are the engine's; the
 * domain's own rules: the department is a live one of the tenant and a role never moves to another (its grants and
 * members belong to the department), a code is unique within its department, a batch delete is all or nothing,
 * and JeecgBoot's screen filters the list by `deptId`. Grants and members go with a role (on delete cascade).
 * Endpoints beyond CRUD: `getDeptRoleList`, `getDeptRoleByUserId` and `deptRoleUserAdd` (a member's roles in one
 * department) here, the grant tree in depart-role-grants.ts. The role's members (sysDepartRoleUser) are an engine
 * entity too, with their hooks below. What the roles grant is read by server/auth/role-grants.ts.
 */
import { sql } from 'kysely';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { listRows, presentRows } from '../../entity/repository.ts';
import { tableTextsForRows } from '../../dict/table-dicts.ts';
import { inTenant as userInTenant } from '../../../field-types/user/server.ts';
import { bodyOf, departRole, idList, isMember, liveDepart, ROLE_NOT_FOUND } from './depart-store.ts';
import { registerDepartRoleGrantRoutes } from './depart-role-grants.ts';
import { text } from './values.ts';

const MEMBER_NOT_FOUND = '未找到对应数据';

/**
 * A role's members (`/sys/sysDepartRoleUser`, the 用户 child-list panel of 部门角色) over sys_depart_role_user: the
 * row keeps user_id (`userId`, written by beforeWrite); the wire speaks of the user's `username` and `realname`
 * (storage.notColumns): the form sends a username, lists show the user's texts, and `username=` filters.
 */
const roleMemberHooks: EntityHooks = {
  async beforeWrite({ tx, caller, record }) {
    const role = await departRole(tx, caller.tenantId, text(record.roleId));
    if (!role) throw new BusinessError(ROLE_NOT_FOUND);
    const user = await tx.selectFrom('sys_user').select('id').where('username', '=', text(record.username)).where('del_flag', '=', 0)
      .where(userInTenant(caller.tenantId)).executeTakeFirst();
    if (!user) throw new ValidationError([{ field: 'username', message: '用户不存在' }]);
    if (!(await isMember(tx, caller.tenantId, role.departId, user.id))) throw new ValidationError([{ field: 'username', message: '该用户不属于此部门角色的部门' }]);
    const { rows: held } = await sql`select 1 from sys_depart_role_user where role_id = ${role.id} and user_id = ${user.id}`.execute(tx);
    if (held.length > 0) throw new ValidationError([{ field: 'username', message: '该用户已是此部门角色的用户' }]);
    record.userId = user.id;
  },
  beforeDelete({ rows, requested }) {
    if (rows.length !== requested.length) throw new BusinessError(MEMBER_NOT_FOUND);
  },
  // Live users only; `username=` (the query form's, `*` ignored) is one user's rows.
  listConditions(params) {
    const username = text(params.username).replaceAll('*', '');
    return [sql`user_id in (select id from sys_user where del_flag = 0${username ? sql` and username = ${username}` : sql``})`];
  },
  async present(rows, { ctx }) {
    const ids = [...new Set(rows.map((row) => text(row.userId)).filter(Boolean))];
    const users = ids.length ? await ctx.db.selectFrom('sys_user').select(['id', 'username', 'realname']).where('id', 'in', ids).execute() : [];
    const byId = new Map(users.map((user) => [user.id, user]));
    return rows.map((row) => {
      const user = byId.get(text(row.userId));
      return { ...row, username: user?.username ?? '', realname: user?.realname ?? '', username_dictText: user?.realname ?? '' };
    });
  },
  reads: ['sys_user'],
  texts: { notFound: MEMBER_NOT_FOUND },
};

const departRoleHooks: EntityHooks = {
  async beforeWrite({ tx, caller, id, record, existing }) {
    const departId = text(record.departId);
    if (existing && departId !== existing.departId) throw new ValidationError([{ field: 'departId', message: '所属部门不能修改' }]);
    if (!(await liveDepart(tx, caller.tenantId, departId))) throw new ValidationError([{ field: 'departId', message: '部门不存在，请重新选择' }]);
    const { rows } = await sql<{ id: string }>`select id from sys_depart_role
      where depart_id = ${departId} and role_code = ${text(record.roleCode)} and id <> ${id}`.execute(tx);
    if (rows.length > 0) throw new ValidationError([{ field: 'roleCode', message: '部门角色编码已存在' }]);
  },
  beforeDelete({ rows, requested }) {
    if (rows.length !== requested.length) throw new BusinessError(ROLE_NOT_FOUND);
  },
  // JeecgBoot's screen asks `list?deptId=`: one department's roles.
  listConditions(params) {
    const deptId = text(params.deptId);
    return deptId ? [sql`depart_id = ${deptId}`] : [];
  },
  texts: { notFound: ROLE_NOT_FOUND },
};

function entityNamed(ctx: AppContext, name: string) {
  const entity = ctx.entities.find((e) => e.schema.name === name);
  if (!entity) throw new Error(`schemas/entities/system: entity ${name} is missing`);
  return entity;
}

export const departRolesDomain: DomainModule = {
  name: 'system/depart-roles',
  hooks: { sysDepartRole: departRoleHooks, sysDepartRoleUser: roleMemberHooks },
  routes(app, ctx, prefix) {
    const entity = entityNamed(ctx, 'sysDepartRole');
    const base = `${prefix}${entity.schema.api}`;

    // A department's roles (JeecgBoot's user-in-department dialog lists them to choose from).
    app.get<{ Querystring: { departId?: string } }>(`${base}/getDeptRoleList`, { config: { permission: 'system:departRole:list' } }, async (request) => {
      const caller = requireCaller(request);
      const depart = await liveDepart(ctx.db, caller.tenantId, text(request.query.departId));
      if (!depart) throw new BusinessError('部门不存在');
      const page = await listRows(ctx.db, { entity, tenantId: caller.tenantId, params: { pageSize: '1000', column: 'roleCode', order: 'asc' }, scope: [sql`depart_id = ${depart.id}`] });
      const texts = await tableTextsForRows(ctx.db, ctx.tableDicts, entity, caller.tenantId, page.records);
      return ok(presentRows(entity, ctx.dicts, page.records, false, texts, caller));
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

    registerDepartRoleGrantRoutes(app, ctx, prefix);
  },
};

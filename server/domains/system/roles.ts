/**
 * Roles (/sys/role, contract §6.5) on the engine: list/add/edit/delete are the engine's, over sys_role (migration
 * 0110, tenant-scoped). What is the domain's own: role codes are unique across tenants (menus and defaultGrants
 * grant by code), the `admin` role can be neither deleted nor renamed away, and a deleted role takes its grants and
 * memberships with it. JeecgBoot's texts (修改成功!, 删除角色成功) are kept.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { text } from './values.ts';

export const PROTECTED_ROLE = 'admin';
export const ROLE_CODE_TAKEN = '角色编码已存在';
const ROLE_NOT_FOUND = '未找到对应角色';

async function codeTaken(db: AppContext['db'], code: string, exceptId: string): Promise<boolean> {
  const row = await db.selectFrom('sys_role').select('id').where('role_code', '=', code).where('id', '<>', exceptId).executeTakeFirst();
  return row !== undefined;
}

const roleHooks: EntityHooks = {
  async beforeWrite({ tx, id, record, existing }) {
    const code = String(record.roleCode);
    if (existing?.roleCode === PROTECTED_ROLE && code !== PROTECTED_ROLE) {
      throw new ValidationError([{ field: 'roleCode', message: '系统管理员角色的编码不能修改' }]);
    }
    if (await codeTaken(tx, code, id)) throw new ValidationError([{ field: 'roleCode', message: ROLE_CODE_TAKEN }]);
  },
  // Kept unique by beforeWrite; named so /sys/duplicate/check answers for role_code (the stock role form asks it).
  uniqueFields: ['roleCode'],
  async beforeDelete({ tx, rows, requested }) {
    // All or nothing: one unknown id refuses the whole batch, as JeecgBoot's role screen expects.
    if (rows.length !== requested.length) throw new BusinessError(ROLE_NOT_FOUND);
    if (rows.some((row) => row.roleCode === PROTECTED_ROLE)) throw new BusinessError('系统管理员角色不能删除');
    const ids = rows.map((row) => String(row.id));
    await tx.deleteFrom('sys_user_role').where('role_id', 'in', ids).execute();
    await tx.deleteFrom('sys_role_permission').where('role_id', 'in', ids).execute();
  },
  texts: { edit: '修改成功!', delete: '删除角色成功', deleteBatch: '删除角色成功', notFound: ROLE_NOT_FOUND },
};

export const rolesDomain: DomainModule = {
  name: 'system/roles',
  hooks: { sysRole: roleHooks },
  routes(app, ctx, prefix) {
    const base = `${prefix}/sys/role`;
    // Every role of the tenant at once, for pickers (JeecgBoot's queryall): no paging.
    app.get(`${base}/queryall`, { config: { permission: 'system:role:list' } }, async (request) => {
      const caller = requireCaller(request);
      const { rows } = await sql`select id, role_name as "roleName", role_code as "roleCode", description, create_by as "createBy",
        create_time as "createTime", update_time as "updateTime", update_by as "updateBy"
        from sys_role where tenant_id = ${caller.tenantId} order by role_name, id`.execute(ctx.db);
      return ok(rows);
    });
    app.get<{ Querystring: { roleCode?: string; id?: string } }>(`${base}/checkRoleCode`, { config: { permission: 'system:role:list' } }, async (request) => {
      requireCaller(request);
      const code = text(request.query.roleCode);
      if (!code) throw new BusinessError('请输入角色编码');
      if (await codeTaken(ctx.db, code, text(request.query.id))) throw new BusinessError(ROLE_CODE_TAKEN);
      return ok(true, '该值可用！');
    });
  },
};

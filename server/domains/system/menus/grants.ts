/**
 * Role → permission grants (contract §3 "Other permission endpoints", §6.5): the grant tree, a role's granted
 * ids, saving a role's grants as a diff against what the editor loaded, and a role's data rules on one page.
 * All guarded by `system:role:authorize`, the 授权 operation of the roles screen.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import type { SystemTables } from '../../../db/schema.ts';
import { ok } from '../../../core/envelope.ts';
import { BusinessError } from '../../../core/errors.ts';
import { requireCaller } from '../../../auth/guard.ts';
import { grantTree, liveRows, pagesWithRules } from './rows.ts';
import { ruleToWire } from '../data-rules.ts';

export const AUTHORIZE = 'system:role:authorize';
const MAX_IDS = 5000;

function idList(value: unknown): string[] {
  const ids = String(value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length > MAX_IDS) throw new BusinessError('权限数量过多');
  return [...new Set(ids)];
}

/** The role, if it lives in the caller's tenant (roles are per tenant; a role of another tenant is not found). */
async function assertRole(db: Kysely<SystemTables>, roleId: string, tenantId: number): Promise<void> {
  const found = await sql<{ id: string }>`select id from sys_role where id = ${roleId} and tenant_id = ${tenantId}`.execute(db);
  if (found.rows.length === 0) throw new BusinessError('角色不存在');
}

async function grantTreeAnswer(db: Kysely<SystemTables>) {
  const [rows, rules] = await Promise.all([liveRows(db), pagesWithRules(db)]);
  return { treeList: grantTree(rows, rules), ids: rows.map((r) => r.id) };
}

export function registerGrantRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const perm = `${prefix}/sys/permission`;
  const role = `${prefix}/sys/role`;
  const config = { permission: AUTHORIZE };

  app.get(`${perm}/queryTreeList`, { config }, async () => ok(await grantTreeAnswer(ctx.db)));
  app.get(`${role}/queryTreeList`, { config }, async () => ok(await grantTreeAnswer(ctx.db)));

  app.get(`${perm}/queryRolePermission`, { config }, async (request) => {
    const roleId = String((request.query as Record<string, unknown>).roleId ?? '');
    await assertRole(ctx.db, roleId, requireCaller(request).tenantId);
    const rows = await ctx.db
      .selectFrom('sys_role_permission as rp')
      .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
      .select('rp.permission_id')
      .where('rp.role_id', '=', roleId)
      .where('p.del_flag', '=', 0)
      .orderBy('rp.permission_id')
      .execute();
    return ok(rows.map((r) => r.permission_id));
  });

  /**
   * Applies only what the editor changed since it loaded (added = new − last, removed = last − new), so a grant
   * someone else saved in between survives. Unknown ids are refused and nothing changes.
   */
  app.post(`${perm}/saveRolePermission`, { config }, async (request) => {
    const caller = requireCaller(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const roleId = String(body.roleId ?? '');
    const next = idList(body.permissionIds);
    const last = idList(body.lastpermissionIds);
    await assertRole(ctx.db, roleId, caller.tenantId);
    const lastSet = new Set(last);
    const nextSet = new Set(next);
    const added = next.filter((id) => !lastSet.has(id));
    const removed = last.filter((id) => !nextSet.has(id));
    await ctx.db.transaction().execute(async (tx) => {
      if (added.length > 0) {
        const known = await tx.selectFrom('sys_permission').select('id').where('id', 'in', added).where('del_flag', '=', 0).execute();
        if (known.length !== added.length) {
          const knownIds = new Set(known.map((k) => k.id));
          const unknown = added.filter((id) => !knownIds.has(id));
          throw new BusinessError(`权限不存在：${unknown.slice(0, 5).join(',')}`);
        }
        await tx
          .insertInto('sys_role_permission')
          .values(added.map((id) => ({ role_id: roleId, permission_id: id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      if (removed.length > 0) {
        await tx.deleteFrom('sys_role_permission').where('role_id', '=', roleId).where('permission_id', 'in', removed).execute();
      }
    });
    return ok({ added: added.length, removed: removed.length }, '保存成功！');
  });

  app.get<{ Params: { permissionId: string; roleId: string } }>(`${role}/datarule/:permissionId/:roleId`, { config }, async (request) => {
    const { permissionId, roleId } = request.params;
    await assertRole(ctx.db, roleId, requireCaller(request).tenantId);
    const rules = await ctx.db.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', permissionId).orderBy('id').execute();
    if (rules.length === 0) throw new BusinessError('该菜单未配置数据规则');
    const grant = await ctx.db
      .selectFrom('sys_role_permission')
      .select('data_rule_ids')
      .where('role_id', '=', roleId)
      .where('permission_id', '=', permissionId)
      .executeTakeFirst();
    const live = new Set(rules.map((r) => r.id));
    const checked = (grant?.data_rule_ids ?? '').split(',').filter((id) => live.has(id));
    return ok({ datarule: rules.map(ruleToWire), drChecked: checked.join(','), granted: Boolean(grant) });
  });

  app.post(`${role}/datarule`, { config }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const permissionId = String(body.permissionId ?? '');
    const roleId = String(body.roleId ?? '');
    const ruleIds = idList(body.dataRuleIds);
    await assertRole(ctx.db, roleId, requireCaller(request).tenantId);
    await ctx.db.transaction().execute(async (tx) => {
      const rules = await tx.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', permissionId).execute();
      const live = new Set(rules.map((r) => r.id));
      if (ruleIds.some((id) => !live.has(id))) throw new BusinessError('数据规则不属于该菜单');
      const updated = await tx
        .updateTable('sys_role_permission')
        .set({ data_rule_ids: ruleIds.length > 0 ? ruleIds.join(',') : null })
        .where('role_id', '=', roleId)
        .where('permission_id', '=', permissionId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new BusinessError('请先保存角色的菜单权限，再配置该菜单的数据规则');
    });
    return ok(null, '保存成功！');
  });
}

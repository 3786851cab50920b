/**
 * Deleting departments. A department that still has sub-departments or users is refused with code
 * CONFIRM_REQUIRED_CODE and a question; the same request with `confirm=true` then deletes the whole subtree, takes
 * its users out of it (their other departments stay) and drops its department permissions, in one transaction.
 */
import { sql } from 'kysely';
import { CONFIRM_REQUIRED_CODE } from '../../../src/contracts/confirm.ts';
import type { AppContext, Caller } from '../../context.ts';
import { BusinessError } from '../../core/errors.ts';
import { confirmed, idList, syncUserDepartments } from './store.ts';

export async function deleteDeparts(ctx: AppContext, caller: Caller, rawIds: string[], query: unknown, body: unknown): Promise<void> {
  const ids = idList(rawIds);
  if (ids.length === 0) throw new BusinessError('请选择要删除的部门');
  await ctx.db.transaction().execute(async (tx) => {
    const targets = await tx
      .selectFrom('sys_depart')
      .select(['id', 'depart_name', 'org_code'])
      .where('tenant_id', '=', caller.tenantId)
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
    // Another tenant's id reads exactly like an unknown one.
    if (targets.length !== ids.length) throw new BusinessError('未找到对应部门');
    const subtree = sql.join(targets.map((t) => sql`left(d.org_code, ${t.org_code.length}) = ${t.org_code}`), sql` or `);
    const { rows } = await sql<{ id: string }>`select d.id from sys_depart d
      where d.tenant_id = ${caller.tenantId} and (${subtree})`.execute(tx);
    const doomed = rows.map((row) => row.id);
    const users = await tx.selectFrom('sys_user_depart').select('user_id').distinct().where('dep_id', 'in', doomed).execute();
    const below = doomed.length - targets.length;
    if ((below > 0 || users.length > 0) && !confirmed(query, body)) {
      const name = targets.length === 1 ? `部门“${targets[0].depart_name}”` : '所选部门';
      const parts = [below > 0 ? `${below}个下级部门` : '', users.length > 0 ? `${users.length}名用户` : ''].filter(Boolean).join('和');
      throw new BusinessError(`${name}下还有${parts}，删除后下级部门一并删除、用户移出这些部门。确定删除吗？`, CONFIRM_REQUIRED_CODE);
    }
    const userIds = users.map((u) => u.user_id);
    await tx.deleteFrom('sys_user_depart').where('dep_id', 'in', doomed).execute();
    // sys_depart_permission rows go with their department (on delete cascade).
    await tx.deleteFrom('sys_depart').where('tenant_id', '=', caller.tenantId).where('id', 'in', doomed).execute();
    await syncUserDepartments(tx, userIds);
  });
}

/**
 * Tenants (`/sys/tenant`, contract §6.10) on the engine: list/add/edit/delete are the engine's over sys_tenant (a
 * platform table with integer ids a client may choose, schema `storage.idKind: integer`; delete also on POST with
 * the ids in the body, `postDeletes`). So `system:tenant:*` is a platform administrator's permission. A user belongs
 * to tenants through `sys_user.rel_tenant_ids`; a tenant is valid while `status` is 1 (0 = frozen) and today lies
 * within `beginDate`…`endDate` (either may be empty).
 *
 * What is the domain's own: the date order, a status sent as a number, not freezing the tenant the request acts in,
 * refusing to delete a tenant users still belong to (its departments go with it), and the pickers' reads below.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { FieldError, WireRecord } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { inTenant as userInTenant } from '../../../field-types/user/server.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { idList } from './depart-store.ts';
import { acceptNumberCode, text } from './values.ts';

const P = 'system:tenant';
/** Largest tenant id (PostgreSQL integer). */
const MAX_TENANT_ID = 2_147_483_647;

const WIRE_SELECT = sql`id, name, begin_date as "beginDate", end_date as "endDate", cast(status as varchar) as status,
  create_by as "createBy", create_time as "createTime", update_by as "updateBy", update_time as "updateTime"`;

/** SQL: the tenant row is usable today (status 1 and within its dates), in the database session's time zone. */
export const TENANT_VALID = sql<boolean>`(status = 1 and (begin_date is null or begin_date <= current_date)
  and (end_date is null or end_date >= current_date))`;

const tenantIds = (value: unknown) => idList(value).map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_TENANT_ID);

const tenantHooks: EntityHooks = {
  fieldErrors(record, errors, event) {
    // JeecgBoot clients send the status as a number; the dictionary's values are strings.
    const checked = acceptNumberCode(record, errors, event, 'status');
    const begin = record.beginDate;
    const end = record.endDate;
    if (typeof begin === 'string' && typeof end === 'string' && begin > end && !checked.some((e) => e.field === 'beginDate' || e.field === 'endDate')) {
      checked.push({ field: 'endDate', message: '结束时间不能早于开始时间' });
    }
    return checked;
  },
  async afterWrite({ tx, caller, id, existing }) {
    // Freezing (or ending) the tenant this very request acts in would lock the administrator out mid-way.
    if (!existing || Number(id) !== caller.tenantId) return;
    const { rows } = await sql<{ valid: boolean }>`select ${TENANT_VALID} as valid from sys_tenant where id = ${Number(id)}`.execute(tx);
    if (!rows[0]?.valid) throw new BusinessError('不能冻结当前所在的租户，请切换到其他租户后再操作');
  },
  async beforeDelete({ tx, rows }) {
    const errors: FieldError[] = [];
    for (const tenant of rows) {
      const { total } = await tx
        .selectFrom('sys_user')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where(userInTenant(Number(tenant.id)))
        .executeTakeFirstOrThrow();
      if (Number(total) > 0) errors.push({ field: 'id', message: `租户“${String(tenant.name)}”下还有${Number(total)}名用户，请先将用户移出该租户` });
    }
    if (errors.length > 0) throw new BusinessError(errors[0].message, 500, errors);
    // Its departments are unreachable without the tenant (their user links and permissions cascade).
    await tx.deleteFrom('sys_depart').where('tenant_id', 'in', rows.map((row) => Number(row.id))).execute();
  },
  texts: { edit: '修改成功!', notFound: '未找到对应租户', noEditId: '未找到对应租户', noDeleteIds: '请选择要删除的租户' },
};

function registerTenantRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/tenant`;

  async function select(where: Array<RawBuilder<unknown>>): Promise<WireRecord[]> {
    const { rows } = await sql<WireRecord>`select ${WIRE_SELECT} from sys_tenant
      where ${where.length ? sql.join(where, sql` and `) : sql`true`} order by id limit 1000`.execute(ctx.db);
    return rows.map((row) => ({ ...row, status_dictText: ctx.dicts.text('tenant_status', row.status) }));
  }

  app.get<{ Querystring: { ids?: string } }>(`${base}/queryList`, { config: { permission: `${P}:list` } }, async (request) => {
    const ids = tenantIds(request.query.ids);
    if (text(request.query.ids) && ids.length === 0) return ok([]);
    return ok(await select(ids.length ? [sql`id in (${sql.join(ids)})`] : []));
  });

  // The caller's own valid tenants (to pick one in the header); any logged-in user, their own data only.
  app.get(`${base}/getCurrentUserTenant`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const mine = tenantIds(caller.relTenantIds);
    const list = mine.length ? await select([sql`id in (${sql.join(mine)})`, TENANT_VALID]) : [];
    return ok({ list, tenantId: caller.tenantId });
  });
}

export const tenantsDomain: DomainModule = {
  name: 'system/tenants',
  hooks: { sysTenant: tenantHooks },
  routes: registerTenantRoutes,
};

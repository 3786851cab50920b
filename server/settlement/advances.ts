/**
 * 垫付还款 (`/plateform/cost/paylist`, schema hy-advance-pay.entity.json, managedBy server): the 垫付 waybills the
 * customer has not repaid yet — settlement type 4 (the waybill's, else its customer's) and no bill, or a bill not
 * 已结清/已作废. The schema's table name is nominal: rows are read from hy_shipping_note, one table with the
 * waybill screen, so the screen is this read-only view. `?state=1` presets 支付状态 已支付 (the platform has
 * advanced the driver's freight), which is what the bell's dianfuZq counts.
 */
import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { ok } from '../core/envelope.ts';
import { requireCaller } from '../auth/guard.ts';
import { scopeConditions } from '../entity/data-scope.ts';
import { fieldVisibility } from '../entity/field-visibility.ts';
import { buildFilters, buildOrder, pageParams, type QueryParams } from '../entity/query.ts';
import { presentRows } from '../entity/repository.ts';

/** Unrepaid 垫付 waybills, as a condition on hy_shipping_note (unqualified columns, as the list filters use). */
export const UNREPAID_ADVANCE: RawBuilder<unknown> = sql`coalesce(settlement_type, (select c.settlement_type from hy_customer c
    where c.id = hy_shipping_note.customer_id and c.tenant_id = hy_shipping_note.tenant_id)) = '4'
  and not exists (select 1 from hy_bill b where b.id = hy_shipping_note.bill_id and b.tenant_id = hy_shipping_note.tenant_id
    and b.bill_status in ('4', '9'))`;

export function registerAdvanceRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const entity = ctx.entities.find((e) => e.schema.name === 'hyAdvancePay');
  if (!entity) throw new Error('schemas/entities/freight/hy-advance-pay.entity.json is missing');
  const selectList = sql.join([...entity.columns].map(([property, column]) => sql`${sql.id(column)} as ${sql.id(property)}`));

  app.get(`${prefix}${entity.schema.api}/list`, { config: { permission: `${entity.schema.permissionPrefix}:list` } }, async (request) => {
    const caller = requireCaller(request);
    const params = request.query as QueryParams;
    const { pageNo, pageSize } = pageParams(params);
    const scope = await scopeConditions(ctx.db, entity, caller, request.log);
    const visibility = fieldVisibility(entity, caller);
    const where = sql.join([sql`tenant_id = ${caller.tenantId}`, UNREPAID_ADVANCE, ...buildFilters(entity, params, visibility), ...scope], sql` and `);
    const rows = await sql<WireRecord>`select ${selectList} from hy_shipping_note where ${where}
      order by ${buildOrder(entity, params, visibility)} limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db);
    const total = await sql<{ total: number }>`select count(*)::int as total from hy_shipping_note where ${where}`.execute(ctx.db);
    const count = total.rows[0]?.total ?? 0;
    return ok({
      records: presentRows(entity, ctx.dicts, rows.rows, false), total: count, size: pageSize, current: pageNo,
      pages: Math.ceil(count / pageSize), orders: [], optimizeCountSql: true, searchCount: true, countId: null, maxLimit: null,
    });
  });
}

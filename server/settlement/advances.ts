/**
 * 垫付还款 (`/plateform/cost/paylist`, schema hy-advance-pay.entity.json, managedBy server): the 垫付 waybills —
 * settlement type 4 (the waybill's, else its customer's) whose bill, if any, is not 已结清/已作废 — with their
 * repayment when one was recorded (hy_advance_repayment, server/domains/freight/settlement.ts): 还款状态 未还款/已还款 and the
 * amount, time and voucher. The schema's table name is nominal: rows are read from hy_shipping_note joined with its
 * repayment, so the list and the bell's dianfuZq (`?state=1`: 已支付 and 未还款) run the same query here.
 */
import { sql, type RawBuilder } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext, Caller } from '../context.ts';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { ok } from '../core/envelope.ts';
import { requireCaller } from '../auth/guard.ts';
import { readScopeConditions } from '../entity/data-scope.ts';
import { fieldVisibility } from '../entity/field-visibility.ts';
import { buildFilters, buildOrder, pageParams, type QueryParams } from '../entity/query.ts';
import { presentRows } from '../entity/repository.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { tableTextsForRows } from '../dict/table-dicts.ts';

/** 垫付 waybills not settled through a bill, as a condition on hy_shipping_note (unqualified columns, as filters use). */
export const ADVANCE: RawBuilder<unknown> = sql`coalesce(settlement_type, (select c.settlement_type from hy_customer c
    where c.id = hy_shipping_note.customer_id and c.tenant_id = hy_shipping_note.tenant_id)) = '4'
  and not exists (select 1 from hy_bill b where b.id = hy_shipping_note.bill_id and b.tenant_id = hy_shipping_note.tenant_id
    and b.bill_status in ('4', '9'))`;

/** A repayment recorded for the waybill `n` (hy_advance_repayment, one at most). */
export const REPAID = (note: RawBuilder<unknown>) => sql`exists (select 1 from hy_advance_repayment r
  where r.tenant_id = ${note}.tenant_id and r.shipping_note_id = ${note}.id)`;

/**
 * Waybills with their repayment's columns, under the waybill table's own name: every filter, scope and data rule
 * written for hy_shipping_note reads it unchanged.
 */
const ADVANCE_ROWS = sql`(select n.*, case when r.id is null then '0' else '1' end as repay_status, r.amount as repay_amount,
    r.repay_time, r.voucher as repay_voucher
  from hy_shipping_note n left join hy_advance_repayment r on r.tenant_id = n.tenant_id and r.shipping_note_id = n.id) as hy_shipping_note`;

export function advanceEntity(ctx: AppContext): EntityRuntime {
  const entity = ctx.entities.find((e) => e.schema.name === 'hyAdvancePay');
  if (!entity) throw new Error('schemas/entities/freight/hy-advance-pay.entity.json is missing');
  return entity;
}

/** The WHERE of an advance list request for this caller: tenant, 垫付, the request's filters and the read scope. */
async function advanceWhere(ctx: AppContext, caller: Caller, params: QueryParams, log?: FastifyBaseLogger) {
  const entity = advanceEntity(ctx);
  const scope = await readScopeConditions(ctx.db, entity, caller, log);
  return sql.join([sql`tenant_id = ${caller.tenantId}`, ADVANCE, ...buildFilters(entity, params, fieldVisibility(entity, caller)), ...scope], sql` and `);
}

/** How many rows the advance list shows for these parameters (the bell counts with it). */
export async function countAdvances(ctx: AppContext, caller: Caller, params: QueryParams, log?: FastifyBaseLogger): Promise<number> {
  const where = await advanceWhere(ctx, caller, params, log);
  const total = await sql<{ total: number }>`select count(*)::int as total from ${ADVANCE_ROWS} where ${where}`.execute(ctx.db);
  return total.rows[0]?.total ?? 0;
}

export function registerAdvanceRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const entity = advanceEntity(ctx);
  const selectList = sql.join([...entity.columns].map(([property, column]) => sql`${sql.id(column)} as ${sql.id(property)}`));

  app.get(`${prefix}${entity.schema.api}/list`, { config: { permission: `${entity.schema.permissionPrefix}:list` } }, async (request) => {
    const caller = requireCaller(request);
    const params = request.query as QueryParams;
    const { pageNo, pageSize } = pageParams(params);
    const where = await advanceWhere(ctx, caller, params, request.log);
    const rows = await sql<WireRecord>`select ${selectList} from ${ADVANCE_ROWS} where ${where}
      order by ${buildOrder(entity, params, fieldVisibility(entity, caller))} limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(ctx.db);
    const count = await countAdvances(ctx, caller, params, request.log);
    // Table dictionaries (货主) read as names, as on every engine list.
    const tableTexts = await tableTextsForRows(ctx.db, ctx.tableDicts, entity, caller.tenantId, rows.rows);
    return ok({
      records: presentRows(entity, ctx.dicts, rows.rows, false, tableTexts, caller), total: count, size: pageSize, current: pageNo,
      pages: Math.ceil(count / pageSize), orders: [], optimizeCountSql: true, searchCount: true, countId: null, maxLimit: null,
    });
  });
}

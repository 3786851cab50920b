/**
 * 垫付还款 (`/plateform/cost/paylist`, schema hy-advance-pay.entity.json, storage.view): the 垫付 waybills —
 * settlement type 4 (the waybill's, else its customer's) whose bill, if any, is not 已结清/已作废 — with their
 * repayment when one was recorded (hy_advance_repayment, server/domains/freight/settlement.ts): 还款状态 未还款/已还款 and the
 * amount, time and voucher. The rows are the view hy_advance_pay defined here (the settlement domain hands it to the
 * engine, which makes it after the waybill table): list, queryById, export and the bell's dianfuZq (`?state=1`) are
 * the engine's reads of it.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { EntityRuntime } from '../../../entity/registry.ts';

/** 垫付 waybills not settled through a bill, as a condition on hy_shipping_note (unqualified columns, as filters use). */
export const ADVANCE: RawBuilder<unknown> = sql`coalesce(settlement_type, (select c.settlement_type from hy_customer c
    where c.id = hy_shipping_note.customer_id and c.tenant_id = hy_shipping_note.tenant_id)) = '4'
  and not exists (select 1 from hy_bill b where b.id = hy_shipping_note.bill_id and b.tenant_id = hy_shipping_note.tenant_id
    and b.bill_status in ('4', '9'))`;

/** A repayment recorded for the waybill `n` (hy_advance_repayment, one at most). */
export const REPAID = (note: RawBuilder<unknown>) => sql`exists (select 1 from hy_advance_repayment r
  where r.tenant_id = ${note}.tenant_id and r.shipping_note_id = ${note}.id)`;

/** The view's columns taken from the repayment (hy_advance_repayment r); every other column is the waybill's. */
const REPAYMENT_COLUMNS: Record<string, RawBuilder<unknown>> = {
  repay_status: sql`case when r.id is null then '0' else '1' end`,
  repay_amount: sql`r.amount`,
  repay_time: sql`r.repay_time`,
  repay_voucher: sql`r.voucher`,
};

export function advanceEntity(ctx: AppContext): EntityRuntime {
  const entity = ctx.entities.find((e) => e.schema.name === 'hyAdvancePay');
  if (!entity) throw new Error('schemas/entities/freight/hy-advance-pay.entity.json is missing');
  return entity;
}

/**
 * The view's SELECT: the schema's columns (system columns and fields, so it follows the schema file), from the
 * waybill table (aliased by its own name, as ADVANCE is written) left-joined with its repayment, 垫付 only.
 */
export function advanceView(ctx: AppContext): Record<string, RawBuilder<unknown>> {
  const entity = advanceEntity(ctx);
  const columns = [...entity.columns.values()].map((column) =>
    REPAYMENT_COLUMNS[column] ? sql`${REPAYMENT_COLUMNS[column]} as ${sql.id(column)}` : sql`hy_shipping_note.${sql.id(column)}`,
  );
  return {
    [entity.schema.table]: sql`select ${sql.join([...columns, sql`hy_shipping_note.tenant_id`])}
      from hy_shipping_note left join hy_advance_repayment r on r.tenant_id = hy_shipping_note.tenant_id and r.shipping_note_id = hy_shipping_note.id
      where ${ADVANCE}`,
  };
}

/**
 * 还款 of a 垫付 advance (hy_advance_repayment, schemas/entities/freight/hy-advance-repayment.entity.json, managedBy
 * server). The 垫付还款 list's 还款 button opens this entity's add form (an `openForm` operation); posting it records
 * the shipper's repayment — amount, time, voucher — and the advance reads 已还款 from then on. Rules:
 * - only an advance the platform has paid (支付状态 已支付), not billed (a billed one is repaid through its bill's 回款),
 *   and not repaid yet; the amount is at least the advanced 司机运费, two decimals, compared as numeric in SQL;
 * - one transaction with the waybill row locked, so a repayment and the monthly billing, or two repayments, never both
 *   pass; the unique index (tenant, waybill) backs it up;
 * - an `Idempotency-Key` per submission (server/core/idempotency.ts): a repeated submission answers the first one's
 *   result and writes nothing.
 */
import { registerScopedList } from '../entity/list-route.ts';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { idempotencyKeyOf, oncePerKey } from '../core/idempotency.ts';
import { requireCaller } from '../auth/guard.ts';
import { normaliseRecord } from '../../src/contracts/validation/entity-json-schema.ts';
import { applyDefaults, fileErrors, recordErrors } from '../entity/validation.ts';
import { scopeConditions } from '../entity/data-scope.ts';
import { moneyText } from './payments.ts';
import { ADVANCE, REPAID, advanceEntity } from './advances.ts';

export const ALREADY_REPAID = '该垫付运单已还款';

export function registerAdvanceRepaymentRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const entity = ctx.entities.find((e) => e.schema.name === 'hyAdvanceRepayment');
  if (!entity) throw new Error('schemas/entities/freight/hy-advance-repayment.entity.json is missing');
  const advances = advanceEntity(ctx);
  const base = `${prefix}${entity.schema.api}`;
  const code = (action: string) => `${entity.schema.permissionPrefix}:${action}`;

  registerScopedList(app, ctx, entity, `${base}/list`, code('list'));

  app.post(`${base}/add`, { config: { permission: code('add') } }, async (request) => {
    const caller = requireCaller(request);
    const key = idempotencyKeyOf(request);
    const body = (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as Record<string, unknown>;
    const record = normaliseRecord(entity.schema, body);
    applyDefaults(entity, record);
    const errors = recordErrors(ctx, entity, record);
    const amount = moneyText(record.amount);
    if (amount === null && !errors.some((e) => e.field === 'amount')) errors.push({ field: 'amount', message: '还款金额最多两位小数' });
    // The form carries the waybill from the row it was opened on (openForm), not as a field of its own.
    if (typeof record.shippingNoteId !== 'string' || record.shippingNoteId === '') errors.push({ field: 'shippingNoteId', message: '请从垫付还款列表选择要还款的运单' });
    if (errors.length === 0) errors.push(...(await fileErrors(ctx, entity, caller, record)));
    if (errors.length > 0 || amount === null) throw new ValidationError(errors);
    const noteId = String(record.shippingNoteId);
    // Whom the caller may change on the advance list: its own customer's advances only, for non-staff.
    const scope = await scopeConditions(ctx.db, advances, caller, request.log);
    return oncePerKey(ctx.db, caller, key, { endpoint: `${entity.schema.name}:add`, body }, async (tx) => {
      const found = await sql<{ customerId: string | null; payStatus: string | null; billId: string | null; fee: string | null; covers: boolean }>`
        select customer_id as "customerId", pay_status as "payStatus", bill_id as "billId", driver_fee::text as fee,
          ${amount}::numeric >= coalesce(driver_fee, 0) as covers
        from hy_shipping_note where ${sql.join([sql`tenant_id = ${caller.tenantId}`, sql`id = ${noteId}`, ADVANCE, ...scope], sql` and `)}
        for update`.execute(tx);
      const advance = found.rows[0];
      if (!advance) throw new BusinessError('未找到该垫付运单，或无权为其还款');
      // Read after the lock: a repayment committed meanwhile is seen here.
      const repaid = await sql<{ repaid: boolean }>`select ${REPAID(sql`n`)} as repaid from hy_shipping_note n
        where n.tenant_id = ${caller.tenantId} and n.id = ${noteId}`.execute(tx);
      if (repaid.rows[0]?.repaid) throw new BusinessError(ALREADY_REPAID);
      if (advance.billId) throw new BusinessError('该垫付运单已出账，请在账单中回款');
      if (advance.payStatus !== '2') throw new BusinessError('平台尚未向司机支付该运单运费，还没有垫付，不能还款');
      if (!advance.covers) throw new ValidationError([{ field: 'amount', message: `还款金额不能少于垫付金额 ${advance.fee} 元` }]);
      const id = newId();
      await sql`insert into hy_advance_repayment (id, tenant_id, create_by, sys_org_code, shipping_note_id, customer_id, amount, repay_time, voucher, remark)
        values (${id}, ${caller.tenantId}, ${caller.username}, ${caller.orgCode ?? null}, ${noteId}, ${advance.customerId}, ${amount}::numeric,
          ${String(record.repayTime)}::timestamptz, ${String(record.voucher)}, ${(record.remark as string | undefined) ?? null})`.execute(tx);
      return ok({ id }, '还款成功!');
    });
  });
}

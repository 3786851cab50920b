/**
 * 批量支付运费: the waybill list's batch operation `batchPayDriver` (route, inputFrom hyFundFlow) pays several signed
 * waybills' drivers in one go. Each waybill gets its own 资金流水 through the engine's add (add-record.ts), so every
 * payment passes the rules a single 支付运费 applies (payments.ts: signed, unpaid, payee, wallet debit, WLHY_ZJ1001
 * fields). All of them commit in one transaction under one Idempotency-Key: one refusal (an unsigned waybill, a
 * wallet that cannot afford the next payment) pays none, and a repeat of the same press pays nothing again.
 * Bank serials: the regulator wants one per payment, so a batch of n > 1 numbers its batch serial -001 … -n in
 * waybill-number order (the bank's batch transfer lists its items the same way); a batch of one keeps it as entered.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext, Caller } from '../../../context.ts';
import { ok } from '../../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../../core/errors.ts';
import { idempotencyKeyOf, oncePerKey } from '../../../core/idempotency.ts';
import { requireCaller } from '../../../auth/guard.ts';
import { operationBodyIds } from '../../../entity/entity-ids.ts';
import { prepareAdd, writeAdd, type PreparedAdd } from '../../../entity/add-record.ts';
import { hooksOf } from '../../../entity/hooks.ts';
import type { EntityRuntime } from '../../../entity/registry.ts';

export const BATCH_PAY_PATH = '/hyfund/hyFundFlow/batchPay';
/** A bank's batch transfer file rarely holds more; a larger batch is split by the person. */
export const MAX_BATCH_PAYMENTS = 200;
/** The dialog's inputs (hy-shipping-note.entity.json batchPayDriver): fields of 资金流水. */
const INPUTS = ['paySource', 'payeeChoice', 'paymentMeansCode', 'sequenceCode', 'remark'] as const;
const SERIAL_MAX = 50;
const SUFFIX = '-000'.length;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function fundFlowEntity(ctx: AppContext): EntityRuntime {
  const entity = ctx.entities.find((e) => e.schema.name === 'hyFundFlow');
  if (!entity) throw new Error('no entity schema named hyFundFlow');
  return entity;
}

interface Chosen { id: string; number: string | null }

/** The chosen waybills in waybill-number order (unknown ids last; the add refuses them with its own sentence). */
async function inNumberOrder(ctx: AppContext, caller: Caller, ids: string[]): Promise<Chosen[]> {
  const found = await sql<Chosen>`select id, shipping_note_number as number from hy_shipping_note where tenant_id = ${caller.tenantId}
    and id in (${sql.join(ids)}) order by shipping_note_number`.execute(ctx.db);
  const known = new Set(found.rows.map((row) => row.id));
  return [...found.rows, ...ids.filter((id) => !known.has(id)).map((id) => ({ id, number: null }))];
}

/** A refusal names the waybill it concerns, so the person knows which one to take out of the batch. */
function naming(error: unknown, chosen: Chosen): unknown {
  if (!(error instanceof BusinessError) || !chosen.number || error.message.includes(chosen.number)) return error;
  return new BusinessError(`运单 ${chosen.number}：${error.message}`, error.code, error.fieldErrors);
}

async function batchPay(ctx: AppContext, request: FastifyRequest) {
  const caller = requireCaller(request);
  const key = idempotencyKeyOf(request);
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  const ids = operationBodyIds(body);
  if (ids.length === 0) throw new BusinessError('请选择要支付运费的运单');
  if (ids.length > MAX_BATCH_PAYMENTS) throw new BusinessError(`一次最多支付${MAX_BATCH_PAYMENTS}条运单，请分批支付`);
  const inputs = Object.fromEntries(INPUTS.map((field) => [field, body[field] ?? null]));
  const serial = text(inputs.sequenceCode);
  if (ids.length > 1 && serial.length > SERIAL_MAX - SUFFIX) {
    throw new ValidationError([{ field: 'sequenceCode', message: `批量支付时银行流水号最多${SERIAL_MAX - SUFFIX}位（每笔加序号 -001 起）` }]);
  }
  const entity = fundFlowEntity(ctx);
  const ordered = await inNumberOrder(ctx, caller, ids);
  const prepared: Array<{ chosen: Chosen; add: PreparedAdd }> = [];
  for (const [index, chosen] of ordered.entries()) {
    const sequenceCode = ordered.length > 1 && serial ? `${serial}-${String(index + 1).padStart(3, '0')}` : inputs.sequenceCode;
    prepared.push({ chosen, add: await prepareAdd(ctx, entity, caller, { ...inputs, sequenceCode, shippingNoteId: chosen.id }) });
  }
  const written: string[] = [];
  const submission = { endpoint: BATCH_PAY_PATH, body: { ids: ordered.map((c) => c.id), ...inputs } };
  const answer = await oncePerKey(ctx.db, caller, key, submission, async (tx) => {
    for (const { chosen, add } of prepared) {
      const done = await writeAdd(tx, ctx, entity, caller, add).catch((error: unknown) => {
        throw naming(error, chosen);
      });
      written.push(done.id);
    }
    const total = await sql<{ total: string }>`select coalesce(sum(monetary_amount), 0)::numeric(18,2)::text as total from hy_fund_flow
      where tenant_id = ${caller.tenantId} and id in (${sql.join(written)})`.execute(tx);
    return ok({ count: written.length, total: total.rows[0].total }, `批量支付成功：${written.length}笔，合计${total.rows[0].total}元，已生成资金流水`);
  });
  if (written.length > 0) await hooksOf(ctx, entity).afterCommit?.({ ctx, caller, entity, action: 'add', ids: written });
  return answer;
}

export function batchPayRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  // PUT is what the operation button sends; POST is accepted for scripts alike.
  const options = { config: { permission: 'hyshipping:hyShippingNote:batchPayDriver' } };
  const handler = (request: FastifyRequest) => batchPay(ctx, request);
  app.put(`${prefix}${BATCH_PAY_PATH}`, options, handler);
  app.post(`${prefix}${BATCH_PAY_PATH}`, options, handler);
}

/**
 * 发票 (freight-domain §1.14, §2.5) on the engine: hyInvoice and its lines hyInvoiceItem are engine entities (list,
 * detail, export, the lines' child list). What is the domain's own:
 * - `PUT|POST /hyinvoice/hyInvoice/apply` — the bill list's 申请开票 (hy-bill.entity.json, a `route` operation,
 *   permission hybill:hyBill:applyInvoice): one invoice over the chosen bills, with an Idempotency-Key (apply.ts);
 * - the operations' side effects (lifecycle.ts): 开票 marks the bills, 驳回 frees them, 红冲 creates the red invoice.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext, Caller } from '../../../context.ts';
import { ok } from '../../../core/envelope.ts';
import { BusinessError } from '../../../core/errors.ts';
import { idempotencyKeyOf, oncePerKey } from '../../../core/idempotency.ts';
import { requireCaller } from '../../../auth/guard.ts';
import { scopeConditions } from '../../../entity/data-scope.ts';
import type { DomainModule } from '../../../entity/hooks.ts';
import { MAX_BILLS_PER_INVOICE, applyForInvoice } from './apply.ts';
import { invoiceOperation } from './lifecycle.ts';
import { operationBodyIds } from '../../../entity/entity-ids.ts';

export const APPLY_PATH = '/hyinvoice/hyInvoice/apply';


async function apply(ctx: AppContext, request: FastifyRequest) {
  const caller: Caller = requireCaller(request);
  const key = idempotencyKeyOf(request);
  const billIds = operationBodyIds(request.body);
  if (billIds.length === 0) throw new BusinessError('请选择要开票的账单');
  if (billIds.length > MAX_BILLS_PER_INVOICE) throw new BusinessError(`一张发票最多包含${MAX_BILLS_PER_INVOICE}个账单`);
  const bills = ctx.entities.find((e) => e.schema.name === 'hyBill');
  if (!bills) throw new Error('no entity schema named hyBill');
  return oncePerKey(ctx.db, caller, key, { endpoint: APPLY_PATH, body: { ids: billIds } }, async (tx) => {
    // The bill list's write reach: a shipper names only its own bills (none, without a customer).
    const scope = await scopeConditions(tx, bills, caller, request.log);
    const invoice = await applyForInvoice(tx, { tenantId: caller.tenantId, billIds, scope, caller });
    return ok(invoice, '申请开票成功，等待审核!');
  });
}

export const invoicesDomain: DomainModule = {
  name: 'money/invoices',
  hooks: { hyInvoice: { beforeOperation: invoiceOperation } },
  routes(app, ctx, prefix) {
    const options = { config: { permission: 'hybill:hyBill:applyInvoice' } };
    const handler = (request: FastifyRequest) => apply(ctx, request);
    app.put(`${prefix}${APPLY_PATH}`, options, handler);
    app.post(`${prefix}${APPLY_PATH}`, options, handler);
  },
};

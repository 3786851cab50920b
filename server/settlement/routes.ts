/**
 * Settlement endpoints beyond the engine's CRUD: the bell's seven counters (plus three document-expiry ones)
 * (`GET /hydriver/hyDriver/getDsXx`, each the size of the list its link opens: todo-counts.ts), 回款, 垫付还款 and
 * 批结 (`POST /hybill/hyBill/batchBill`). Definitions: docs/decisions.md "Settlement counters".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError } from '../core/errors.ts';
import { requireCaller } from '../auth/guard.ts';
import { STAFF_USER_TYPE } from '../entity/data-scope.ts';
import { batchBill } from './bills.ts';
import { registerPaymentRoutes } from './payments.ts';
import { registerAdvanceRoutes } from './advances.ts';
import { registerAdvanceRepaymentRoutes } from './advance-repayments.ts';
import { assertTodoLinks, dsXxCounts } from './todo-counts.ts';

function idsOf(body: unknown): string[] {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  // An operation button sends one row as `id`, several as `ids` (comma-joined or an array).
  const raw = record.ids ?? record.id;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return [...new Set(list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()))];
}

export function registerSettlementRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  registerPaymentRoutes(app, ctx, prefix);
  registerAdvanceRoutes(app, ctx, prefix);
  registerAdvanceRepaymentRoutes(app, ctx, prefix);
  assertTodoLinks(ctx);
  app.get(`${prefix}/hydriver/hyDriver/getDsXx`, { config: { authenticated: true } }, async (request) =>
    ok(await dsXxCounts(ctx, requireCaller(request), request.log)));

  // 批结: the waybill list's 生成账单 operation (hy-shipping-note.entity.json `route`) groups signed waybills of one
  // customer into a bill. PUT is what the operation button sends; POST is JeecgBoot's verb for the same call.
  const batchBillOptions = { config: { permission: 'hyshipping:hyShippingNote:batchBill' } };
  const batchBillHandler = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const ids = idsOf(request.body);
    if (ids.length === 0) throw new BusinessError('请选择运单');
    if (ids.length > 1000) throw new BusinessError('一次最多选择1000条运单');
    if (caller.userType !== STAFF_USER_TYPE) throw new BusinessError('只有平台人员可以生成账单');
    const id = await batchBill(ctx.db, caller.tenantId, ids, caller.username);
    return ok({ id }, '生成账单成功!');
  };
  app.put(`${prefix}/hybill/hyBill/batchBill`, batchBillOptions, batchBillHandler);
  app.post(`${prefix}/hybill/hyBill/batchBill`, batchBillOptions, batchBillHandler);
}

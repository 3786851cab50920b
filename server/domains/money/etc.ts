/**
 * ETC toll invoices 通行费电子发票 (freight-domain §1.15). Two engine entities (schemas/entities/money/hy-etc-*):
 * - ETC运单 (hyEtcWaybill): made by the waybill list's 生成ETC运单 operation (one or a batch of signed waybills,
 *   route below; generate.ts) — a person's act rather than a nightly job, because a record means "report this trip
 *   to the toll service", which ops decide per trip; its state changes are the schema's operations;
 * - ETC发票 (hyEtcInvoice): imported from the toll service's spreadsheet (the engine's importExcel; money columns in
 *   fen via the money field's `importFen`); each stored invoice is matched in the import's transaction
 *   (matching.ts), and 手动匹配 links an unmatched one to a waybill a person picks (same plate only).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { STAFF_USER_TYPE } from '../../entity/data-scope.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { generateEtcWaybills } from './etc/generate.ts';
import { matchInvoice, resolveInvoice } from './etc/matching.ts';
import { operationBodyIds } from '../../entity/entity-ids.ts';

const invoiceHooks: EntityHooks = {
  async afterWrite({ tx, caller, id }) {
    await matchInvoice(tx, caller.tenantId, id);
  },
  async beforeOperation({ tx, caller, operation, rows, inputs }) {
    if (operation.key !== 'resolve') return;
    const waybillId = typeof inputs.etcWaybillId === 'string' ? inputs.etcWaybillId : '';
    if (!waybillId) throw new BusinessError('请选择ETC运单');
    for (const row of rows) {
      await resolveInvoice(tx, caller.tenantId, { id: String(row.id), plateNum: String(row.plateNum ?? '') }, waybillId);
    }
  },
};


async function generateFor(ctx: AppContext, caller: Caller, body: unknown) {
  const ids = operationBodyIds(body);
  if (ids.length === 0) throw new BusinessError('请选择运单');
  if (ids.length > 1000) throw new BusinessError('一次最多选择1000条运单');
  if (caller.userType !== STAFF_USER_TYPE) throw new BusinessError('只有平台人员可以生成ETC运单');
  const count = await ctx.db.transaction().execute((tx) => generateEtcWaybills(tx, { tenantId: caller.tenantId, ids, by: caller.username }));
  return ok({ count }, `生成ETC运单成功，共${count}条!`);
}

export const etcDomain: DomainModule = {
  name: 'money/etc',
  hooks: { hyEtcInvoice: invoiceHooks },
  routes(app, ctx, prefix) {
    // PUT is what the operation button sends; POST is accepted for scripts alike.
    const options = { config: { permission: 'hyshipping:hyShippingNote:etcWaybill' } };
    const handler = async (request: FastifyRequest) => generateFor(ctx, requireCaller(request), request.body);
    app.put(`${prefix}/hyetc/hyEtcWaybill/generate`, options, handler);
    app.post(`${prefix}/hyetc/hyEtcWaybill/generate`, options, handler);
  },
};

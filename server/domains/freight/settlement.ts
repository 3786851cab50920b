/**
 * Settlement (freight-domain §1.10, §2.3) on the engine. 回款 (hyBillPayment, hy_bill_payment) and 垫付还款
 * (hyAdvanceRepayment, hy_advance_repayment) are engine entities over tables their migrations own: their lists and
 * adds are the engine's, and each add carries an Idempotency-Key (schema `idempotencyKey`: the engine claims it in the
 * add's transaction, so a repeat answers the first result and writes nothing). What is the domain's own, inside that
 * transaction:
 * - 回款: the bill is locked, must be in the caller's scope and payable (1 待货主确认, 2 已确认, 3 部分回款), and the
 *   amount at most what is still open; the payment then raises the bill to 3 部分回款 or 4 已结清 (payments.ts);
 * - 还款: the advanced waybill is locked, must be one the caller may change on the 垫付还款 list, paid to the driver
 *   (支付状态 已支付), not billed and not repaid yet, and the amount at least the advanced 司机运费;
 * amounts are two-decimal text compared as numeric in SQL, and the row's 货主 is the bill's or the waybill's.
 * 垫付还款 (hyAdvancePay) is a read-only engine entity over the view advances.ts defines (storage.view). Endpoints
 * beyond CRUD: the bell's counters (getDsXx, todo-counts.ts) and 批结 (batchBill, bills.ts).
 */
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { STAFF_USER_TYPE, scopeConditions } from '../../entity/data-scope.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { batchBill } from './settlement/bills.ts';
import { raiseBillPaid } from './settlement/payments.ts';
import { moneyText } from '../../../src/contracts/money.ts';
import { ADVANCE, REPAID, advanceEntity, advanceView } from './settlement/advances.ts';
import { assertTodoLinks, dsXxCounts } from './settlement/todo-counts.ts';
import { operationBodyIds } from '../../entity/entity-ids.ts';

export const ALREADY_REPAID = '该垫付运单已还款';
/** Bill states that take payments: 待货主确认, 已确认, 部分回款. */
const PAYABLE_STATES = ['1', '2', '3'];

function entityNamed(ctx: AppContext, name: string): EntityRuntime {
  const entity = ctx.entities.find((e) => e.schema.name === name);
  if (!entity) throw new Error(`no entity schema named ${name}`);
  return entity;
}

/** The amount as decimal text, or a field error with the screen's wording. */
function amountOf(record: Record<string, unknown>, message: string): string {
  const amount = moneyText(record.amount);
  if (amount === null) throw new ValidationError([{ field: 'amount', message }]);
  return amount;
}

const and = (conditions: Parameters<typeof sql.join>[0]) => sql.join(conditions, sql` and `);

const paymentHooks: EntityHooks = {
  async beforeWrite({ ctx, tx, caller, record }) {
    const amount = amountOf(record, '回款金额最多两位小数');
    const billId = typeof record.billId === 'string' ? record.billId : '';
    const scope = await scopeConditions(ctx.db, entityNamed(ctx, 'hyBill'), caller);
    const found = await sql<{ customerId: string; billStatus: string; open: string; fits: boolean }>`
      select customer_id as "customerId", bill_status as "billStatus", (payable_amount - paid_amount)::text as open,
        (payable_amount - paid_amount) >= ${amount}::numeric as fits
      from hy_bill where ${and([sql`tenant_id = ${caller.tenantId}`, sql`id = ${billId}`, ...scope])} for update`.execute(tx);
    const bill = found.rows[0];
    if (!bill) throw new BusinessError('账单不存在');
    if (!PAYABLE_STATES.includes(bill.billStatus)) throw new BusinessError('只有未结清的账单可以回款');
    if (!bill.fits) throw new BusinessError(`回款金额不能超过未结金额 ${bill.open} 元`);
    record.amount = amount;
    // 货主 is read-only on the form: the bill's, written with the row (hookWrittenValues).
    record.customerId = bill.customerId;
  },
  async afterWrite({ tx, caller, record }) {
    await raiseBillPaid(tx, { tenantId: caller.tenantId, billId: String(record.billId), amount: String(record.amount), by: caller.username });
  },
  texts: { add: '回款成功!' },
};

const repaymentHooks: EntityHooks = {
  async beforeWrite({ ctx, tx, caller, record }) {
    const amount = amountOf(record, '还款金额最多两位小数');
    // The form carries the waybill from the row it was opened on (openForm), not as a field of its own.
    const noteId = typeof record.shippingNoteId === 'string' ? record.shippingNoteId : '';
    if (!noteId) throw new ValidationError([{ field: 'shippingNoteId', message: '请从垫付还款列表选择要还款的运单' }]);
    // Whom the caller may change on the advance list: its own customer's advances only, for non-staff.
    const scope = await scopeConditions(ctx.db, advanceEntity(ctx), caller);
    const found = await sql<{ customerId: string | null; payStatus: string | null; billId: string | null; fee: string | null; covers: boolean }>`
      select customer_id as "customerId", pay_status as "payStatus", bill_id as "billId", driver_fee::text as fee,
        ${amount}::numeric >= coalesce(driver_fee, 0) as covers
      from hy_shipping_note where ${and([sql`tenant_id = ${caller.tenantId}`, sql`id = ${noteId}`, ADVANCE, ...scope])}
      for update`.execute(tx);
    const advance = found.rows[0];
    if (!advance) throw new BusinessError('未找到该垫付运单，或无权为其还款');
    // Read after the lock: a repayment committed meanwhile is seen here (two at once: the second waits, then refuses).
    const repaid = await sql<{ repaid: boolean }>`select ${REPAID(sql`n`)} as repaid from hy_shipping_note n
      where n.tenant_id = ${caller.tenantId} and n.id = ${noteId}`.execute(tx);
    if (repaid.rows[0]?.repaid) throw new BusinessError(ALREADY_REPAID);
    if (advance.billId) throw new BusinessError('该垫付运单已出账，请在账单中回款');
    if (advance.payStatus !== '2') throw new BusinessError('平台尚未向司机支付该运单运费，还没有垫付，不能还款');
    if (!advance.covers) throw new ValidationError([{ field: 'amount', message: `还款金额不能少于垫付金额 ${advance.fee} 元` }]);
    record.amount = amount;
    record.customerId = advance.customerId;
  },
  texts: { add: '还款成功!' },
};


async function batchBillFor(ctx: AppContext, caller: Caller, body: unknown) {
  const ids = operationBodyIds(body);
  if (ids.length === 0) throw new BusinessError('请选择运单');
  if (ids.length > 1000) throw new BusinessError('一次最多选择1000条运单');
  if (caller.userType !== STAFF_USER_TYPE) throw new BusinessError('只有平台人员可以生成账单');
  const id = await batchBill(ctx.db, caller.tenantId, ids, caller.username);
  return ok({ id }, '生成账单成功!');
}

export const settlementDomain: DomainModule = {
  name: 'freight/settlement',
  hooks: { hyBillPayment: paymentHooks, hyAdvanceRepayment: repaymentHooks },
  // 垫付还款's rows: a view joining the waybill table the engine creates, so the engine makes it after that table.
  views: advanceView,
  routes(app, ctx, prefix) {
    assertTodoLinks(ctx);
    app.get(`${prefix}/hydriver/hyDriver/getDsXx`, { config: { authenticated: true } }, async (request) =>
      ok(await dsXxCounts(ctx, requireCaller(request), request.log)));
    // 批结: the waybill list's 生成账单 operation (hy-shipping-note.entity.json `route`) groups signed waybills of one
    // customer into a bill. PUT is what the operation button sends; POST is JeecgBoot's verb for the same call.
    const options = { config: { permission: 'hyshipping:hyShippingNote:batchBill' } };
    const handler = async (request: FastifyRequest) => batchBillFor(ctx, requireCaller(request), request.body);
    app.put(`${prefix}/hybill/hyBill/batchBill`, options, handler);
    app.post(`${prefix}/hybill/hyBill/batchBill`, options, handler);
  },
};

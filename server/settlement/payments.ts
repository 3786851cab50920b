/**
 * 回款 against a bill (hy_bill_payment, schemas/entities/freight/hy-bill-payment.entity.json, managedBy server):
 * a payment is > 0 and at most what is still open; posting it raises `paid_amount` and moves the bill to
 * 3 部分回款 or 4 已结清 in the same transaction, with the bill row locked. Amounts go to the database as decimal
 * text and are compared there (numeric), never as JS floats. Each post carries an Idempotency-Key (the schema's
 * `idempotencyKey`): a repeat answers the first result and posts nothing.
 */
import { registerScopedList } from '../entity/list-route.ts';
import { sql, type Transaction } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { momentOf } from './bills.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { idempotencyKeyOf, oncePerKey } from '../core/idempotency.ts';
import { requireCaller } from '../auth/guard.ts';
import { normaliseRecord } from '../../src/contracts/validation/entity-json-schema.ts';
import { recordErrors } from '../entity/validation.ts';
import { scopeConditions } from '../entity/data-scope.ts';

/** Bill states that take payments: 待货主确认, 已确认, 部分回款. */
const PAYABLE_STATES = ['1', '2', '3'];

/** The amount as a plain decimal string with at most 2 places, or null. */
export function moneyText(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,12}(\.\d{1,2})?$/.test(text) ? text : null;
}

export interface Payment {
  tenantId: number;
  billId: string;
  customerId: string;
  /** Decimal text (moneyText), added as numeric. */
  amount: string;
  /** timestamptz text */
  payTime: string;
  sequenceCode: string | null;
  remark: string | null;
  createBy: string;
  orgCode: string | null;
  /** When it is recorded (timestamptz text; default now): the payment's create time and the bill's update time. */
  at?: string;
}

/**
 * Records a payment the caller has checked (bill found, payable, amount fits) and raises the bill's paid amount,
 * settling it (4, overdue days 0) when nothing is left open, else 3 部分回款. Run it in the transaction that locked
 * the bill row. Returns the payment's id.
 */
export async function postPayment(tx: Transaction<SystemTables>, payment: Payment): Promise<string> {
  const id = newId();
  const { tenantId, billId, amount } = payment;
  const at = momentOf(payment.at);
  await sql`insert into hy_bill_payment (id, tenant_id, create_by, create_time, sys_org_code, bill_id, customer_id, amount, pay_time, sequence_code, remark)
    values (${id}, ${tenantId}, ${payment.createBy}, ${at}, ${payment.orgCode}, ${billId}, ${payment.customerId}, ${amount}::numeric,
      ${payment.payTime}::timestamptz, ${payment.sequenceCode}, ${payment.remark})`.execute(tx);
  await sql`update hy_bill set paid_amount = paid_amount + ${amount}::numeric,
      bill_status = case when paid_amount + ${amount}::numeric >= payable_amount then '4' else '3' end,
      overdue_days = case when paid_amount + ${amount}::numeric >= payable_amount then 0 else overdue_days end,
      update_by = ${payment.createBy}, update_time = ${at}
    where tenant_id = ${tenantId} and id = ${billId}`.execute(tx);
  return id;
}

export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const entity = ctx.entities.find((e) => e.schema.name === 'hyBillPayment');
  const bills = ctx.entities.find((e) => e.schema.name === 'hyBill');
  if (!entity || !bills) throw new Error('schemas/entities/freight/hy-bill-payment.entity.json or hy-bill.entity.json is missing');
  const base = `${prefix}${entity.schema.api}`;
  const code = (action: string) => `${entity.schema.permissionPrefix}:${action}`;

  registerScopedList(app, ctx, entity, `${base}/list`, code('list'));

  app.post(`${base}/add`, { config: { permission: code('add') } }, async (request) => {
    const caller = requireCaller(request);
    // Money moves: a repeated submission (double click, retry after a lost answer) must post once.
    const key = idempotencyKeyOf(request);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const record = normaliseRecord(entity.schema, body);
    const errors = recordErrors(ctx, entity, record);
    const amount = moneyText(body.amount);
    if (amount === null && !errors.some((e) => e.field === 'amount')) errors.push({ field: 'amount', message: '回款金额最多两位小数' });
    if (errors.length > 0 || amount === null) throw new ValidationError(errors);
    const billId = typeof record.billId === 'string' ? record.billId : '';
    const billScope = await scopeConditions(ctx.db, bills, caller, request.log);
    return oncePerKey(ctx.db, caller, key, { endpoint: `${entity.schema.name}:add`, body }, async (tx) => {
      const found = await sql<{ customerId: string; billStatus: string; open: string; fits: boolean }>`
        select customer_id as "customerId", bill_status as "billStatus", (payable_amount - paid_amount)::text as open,
          (payable_amount - paid_amount) >= ${amount}::numeric as fits
        from hy_bill where tenant_id = ${caller.tenantId} and id = ${billId}
          ${billScope.length ? sql`and ${sql.join(billScope, sql` and `)}` : sql``} for update`.execute(tx);
      const bill = found.rows[0];
      if (!bill) throw new BusinessError('账单不存在');
      if (!PAYABLE_STATES.includes(bill.billStatus)) throw new BusinessError('只有未结清的账单可以回款');
      if (!bill.fits) throw new BusinessError(`回款金额不能超过未结金额 ${bill.open} 元`);
      const id = await postPayment(tx, {
        tenantId: caller.tenantId, billId, customerId: bill.customerId, amount, payTime: String(record.payTime),
        sequenceCode: (record.sequenceCode as string | undefined) ?? null, remark: (record.remark as string | undefined) ?? null,
        createBy: caller.username, orgCode: caller.orgCode ?? null,
      });
      return ok({ id }, '回款成功!');
    });
  });
}

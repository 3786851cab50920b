/**
 * Settlement endpoints beyond the engine's CRUD: the bell's seven counters (plus three document-expiry ones) (`GET /hydriver/hyDriver/getDsXx`) and
 * 批结 (`POST /hybill/hyBill/batchBill`). Counters are scoped like the entities they count: platform staff see
 * the tenant, any other user only its own customer's rows (and no drivers or vehicles, which have no customer).
 * Definitions: docs/decisions.md "Settlement counters".
 */
import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, Caller } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError } from '../core/errors.ts';
import { requireCaller } from '../auth/guard.ts';
import { STAFF_USER_TYPE } from '../entity/data-scope.ts';
import { batchBill } from './bills.ts';
import { expiryCondition } from '../entity/expiry-filter.ts';
import { registerPaymentRoutes } from './payments.ts';
import { registerAdvanceRoutes, UNREPAID_ADVANCE } from './advances.ts';

export interface DsXxCounts {
  sijiCount: number;
  cheCount: number;
  huozhuCount: number;
  yuejieZhangQi: number;
  pijieZhangQi: number;
  tangjieZhangQi: number;
  dianfuZq: number;
  /** Beyond JeecgBoot's seven: drivers, vehicles and carriers with a document inside its warning window. */
  sijiDaoqi: number;
  cheDaoqi: number;
  chengyunDaoqi: number;
}

type Condition = RawBuilder<unknown>;

/** `customer_id` restriction for a non-staff caller (false when the login has no customer); none for staff. */
function customerScope(caller: Caller, column: Condition): Condition {
  if (caller.userType === STAFF_USER_TYPE) return sql`true`;
  return caller.customerId ? sql`${column} = ${caller.customerId}` : sql`false`;
}

async function count(ctx: AppContext, query: RawBuilder<{ n: number }>): Promise<number> {
  const found = await query.execute(ctx.db);
  return Number(found.rows[0]?.n ?? 0);
}

/** Due settlement of one type: signed (4) unbilled waybills + unsettled bills (1/2/3) whose due date has come. */
function dueOfType(ctx: AppContext, caller: Caller, type: string): Promise<number> {
  const tenant = caller.tenantId;
  const waybills = count(ctx, sql<{ n: number }>`select count(*)::int as n from hy_shipping_note n
    left join hy_customer c on c.id = n.customer_id and c.tenant_id = n.tenant_id
    where n.tenant_id = ${tenant} and ${customerScope(caller, sql`n.customer_id`)}
      and n.shipping_status = '4' and n.bill_id is null and coalesce(n.settlement_type, c.settlement_type) = ${type}`);
  const bills = count(ctx, sql<{ n: number }>`select count(*)::int as n from hy_bill b
    where b.tenant_id = ${tenant} and ${customerScope(caller, sql`b.customer_id`)}
      and b.settlement_type = ${type} and b.bill_status in ('1', '2', '3') and b.due_date <= current_date`);
  return Promise.all([waybills, bills]).then(([a, b]) => a + b);
}

export async function dsXxCounts(ctx: AppContext, caller: Caller): Promise<DsXxCounts> {
  const tenant = caller.tenantId;
  const staff = caller.userType === STAFF_USER_TYPE;
  const reviewing = (table: string) =>
    staff ? count(ctx, sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where tenant_id = ${tenant} and review_status = '1'`) : Promise.resolve(0);
  // The same rows as the list's 证件状态 = 即将到期 (entity/expiry-filter.ts), for staff.
  const expiring = (entityName: string) => {
    const entity = ctx.entities.find((e) => e.schema.name === entityName);
    const condition = entity && staff ? expiryCondition(entity, 'expiring') : null;
    if (!entity || !condition) return Promise.resolve(0);
    return count(ctx, sql<{ n: number }>`select count(*)::int as n from ${sql.table(entity.schema.table)} where tenant_id = ${tenant} and ${condition}`);
  };
  const [sijiCount, cheCount, huozhuCount, yuejieZhangQi, pijieZhangQi, tangjieZhangQi, dianfuZq, sijiDaoqi, cheDaoqi, chengyunDaoqi] = await Promise.all([
    reviewing('hy_driver'),
    reviewing('hy_vehicle'),
    count(ctx, sql<{ n: number }>`select count(*)::int as n from hy_customer
      where tenant_id = ${tenant} and ${customerScope(caller, sql`id`)} and review_status = '1'`),
    dueOfType(ctx, caller, '1'),
    dueOfType(ctx, caller, '2'),
    dueOfType(ctx, caller, '3'),
    // Advances due: unrepaid 垫付 waybills whose driver the platform has paid (pay_status 2), as 垫付还款?state=1 lists.
    count(ctx, sql<{ n: number }>`select count(*)::int as n from hy_shipping_note
      where tenant_id = ${tenant} and ${customerScope(caller, sql`customer_id`)} and pay_status = '2' and ${UNREPAID_ADVANCE}`),
    expiring('hyDriver'),
    expiring('hyVehicle'),
    expiring('hyCarrier'),
  ]);
  return { sijiCount, cheCount, huozhuCount, yuejieZhangQi, pijieZhangQi, tangjieZhangQi, dianfuZq, sijiDaoqi, cheDaoqi, chengyunDaoqi };
}

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
  app.get(`${prefix}/hydriver/hyDriver/getDsXx`, { config: { authenticated: true } }, async (request) =>
    ok(await dsXxCounts(ctx, requireCaller(request))));

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

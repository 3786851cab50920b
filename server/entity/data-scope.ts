/**
 * Which rows of an entity a caller may see and change, beyond the tenant every statement already carries: the
 * schema's `dataScope` (customer, department) and the data rules granted on the entity's menu. Everything comes
 * from the session (never a header or a parameter), and every condition is bound SQL over allow-listed columns.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { SystemTables } from '../db/schema.ts';
import type { Caller } from '../context.ts';
import { BusinessError } from '../core/errors.ts';
import type { EntityRuntime } from './registry.ts';
import { dataRulePage, loadCallerRules, ruleConditions } from './data-rules.ts';

type Condition = RawBuilder<unknown>;

/** Platform staff; every other user type (customer 2, customer admin 6, …) is held to its current customer. */
export const STAFF_USER_TYPE = 1;

export const NO_CUSTOMER_MESSAGE = '当前账号未关联货主，无法操作该数据';

/** The customer a caller is confined to on a customer-scoped entity: undefined = not confined, null = none. */
export function confinedCustomer(entity: EntityRuntime, caller: Caller): string | null | undefined {
  if (!entity.schema.dataScope?.customer || caller.userType === STAFF_USER_TYPE) return undefined;
  return caller.customerId || null;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Conditions (to AND into every update and delete, and reads unless readScopeConditions) confining the caller. */
export async function scopeConditions(
  db: Kysely<SystemTables>,
  entity: EntityRuntime,
  caller: Caller,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  access: 'read' | 'write' = 'write',
): Promise<Condition[]> {
  const conditions: Condition[] = [];
  const scope = entity.schema.dataScope;
  const customer = confinedCustomer(entity, caller);
  if (customer === null) conditions.push(sql`false`);
  else if (customer !== undefined) {
    // Reads also admit rows naming the caller's customer in a reader field (an agent's brokered orders).
    const fields = [scope!.customer!, ...(access === 'read' ? (scope!.customerReaders ?? []) : [])];
    const matches = fields.map((field) => sql`${sql.id(entity.columns.get(field)!)} = ${customer}`);
    conditions.push(matches.length === 1 ? matches[0] : sql`(${sql.join(matches, sql` or `)})`);
  }
  if (scope?.department) {
    const org = caller.orgCode;
    conditions.push(org ? sql`sys_org_code like ${`${escapeLike(org)}%`} escape '\\'` : sql`false`);
  }
  const page = dataRulePage(entity);
  if (page) {
    // The guard read the caller's rules with the session; a caller built elsewhere asks the database.
    const rules = caller.dataRules ? caller.dataRules.filter((rule) => rule.permission_id === page) : await loadCallerRules(db, page, caller.userId);
    conditions.push(...ruleConditions(entity, rules, caller, log));
  }
  return conditions;
}

/** The scope of what the caller may read: scopeConditions plus the schema's `customerReaders`. */
export function readScopeConditions(
  db: Kysely<SystemTables>,
  entity: EntityRuntime,
  caller: Caller,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Condition[]> {
  return scopeConditions(db, entity, caller, log, 'read');
}

export const OWN_CUSTOMER_ADD_MESSAGE = '货主账号不能新增货主';

/**
 * A customer's writes always carry their own customer id, whatever the body says; none at all is refused.
 * `dataScope.customer: "id"` (the customer table itself): the row is the customer, so a confined caller may edit
 * only its own row (the scope conditions see to that) and may not add one (`existingId` absent).
 */
export function enforceCustomer(entity: EntityRuntime, caller: Caller, record: Record<string, unknown>, existingId?: string): void {
  const customer = confinedCustomer(entity, caller);
  if (customer === undefined) return;
  if (customer === null) throw new BusinessError(NO_CUSTOMER_MESSAGE);
  const field = entity.schema.dataScope!.customer!;
  if (field !== 'id') record[field] = customer;
  else if (existingId === undefined) throw new BusinessError(OWN_CUSTOMER_ADD_MESSAGE);
}

/** Those of `ids` the caller may change, locked until the transaction ends. */
export async function idsInScope(db: Kysely<SystemTables>, entity: EntityRuntime, tenantId: number, ids: string[], scope: Condition[]): Promise<string[]> {
  if (ids.length === 0) return [];
  if (scope.length === 0) return ids;
  const result = await sql<{ id: string }>`select id from ${sql.id(entity.schema.table)}
    where tenant_id = ${tenantId} and id in (${sql.join(ids)}) and ${sql.join(scope, sql` and `)} for update`.execute(db);
  return result.rows.map((r) => r.id);
}

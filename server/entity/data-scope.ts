/**
 * Which rows of an entity a caller may see and change, beyond the tenant every statement already carries: the
 * schema's `dataScope` (customer, department) and the data rules granted on the entity's menu. Everything comes
 * from the session (never a header or a parameter), and every condition is bound SQL over allow-listed columns.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { SystemTables } from '../db/schema.ts';
import type { AppContext, Caller } from '../context.ts';
import { answerText, hooksOf } from './hooks.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import type { EntityRuntime } from './registry.ts';
import { tenantWhere } from './tenancy.ts';
import { liveConditions } from './soft-delete.ts';
import { dataRulePage, loadCallerRules, ruleConditions } from './data-rules.ts';
import { confinesCustomers } from '../../src/contracts/entity.ts';

type Condition = RawBuilder<unknown>;

/** Platform staff; every other user type (customer 2, customer admin 6, …) is held to its current customer. */
export const STAFF_USER_TYPE = 1;

export const NO_CUSTOMER_MESSAGE = '当前账号未关联货主，无法操作该数据';

/** The customer a caller is confined to: undefined = not confined (staff), null = none. */
export function confinedCustomer(entity: EntityRuntime, caller: Caller): string | null | undefined {
  if (caller.userType === STAFF_USER_TYPE) return undefined;
  return caller.customerId || null;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The other entities a scope names (`parent`, `usedBy`), resolved once the entities are loaded (linkScopes). */
interface ScopeLinks {
  parent?: { entity: EntityRuntime; column: string };
  usedBy: Array<{ entity: EntityRuntime; column: string }>;
}

const links = new WeakMap<EntityRuntime, ScopeLinks>();

/** The customers a caller reaches per entity, where a domain says (hooks.customers; linked by linkCustomerLists). */
interface CustomerList {
  of(caller: Caller): Promise<readonly string[]>;
  refusal: string;
}

const customerLists = new WeakMap<EntityRuntime, CustomerList>();

export const OTHER_CUSTOMER_MESSAGE = '无权操作该货主的数据';

/** Links each customer-scoped entity whose domain names the customers a caller reaches (hooks.customers). */
export function linkCustomerLists(ctx: AppContext): void {
  for (const entity of ctx.entities) {
    const hooks = hooksOf(ctx, entity);
    if (!hooks.customers) continue;
    if (!entity.schema.dataScope?.customer || entity.schema.dataScope.customer === 'id') {
      throw new Error(`${entity.schema.name}: hooks.customers needs dataScope.customer naming a field`);
    }
    const customers = hooks.customers;
    customerLists.set(entity, {
      of: (caller) => customers({ ctx, caller, entity }),
      refusal: answerText(hooks, 'otherCustomer', OTHER_CUSTOMER_MESSAGE),
    });
  }
}

/** Resolves every scope's entity and field names; a name that resolves to nothing stops the server. */
export function linkScopes(entities: readonly EntityRuntime[]): void {
  const byName = new Map(entities.map((e) => [e.schema.name, e]));
  const resolve = (owner: EntityRuntime, entityName: string, field: string, columnOf: EntityRuntime) => {
    const target = byName.get(entityName);
    const column = columnOf === owner ? owner.columns.get(field) : target?.columns.get(field);
    if (!target || !column) throw new Error(`${owner.schema.name}.dataScope: unknown entity or field ${entityName}.${field}`);
    return { entity: target, column };
  };
  for (const entity of entities) {
    const scope = entity.schema.dataScope;
    if (!scope?.parent && !scope?.usedBy) continue;
    const parent = scope.parent ? resolve(entity, scope.parent.entity, scope.parent.field, entity) : undefined;
    const usedBy = (scope.usedBy ?? []).map((use) => {
      const user = byName.get(use.entity);
      return resolve(entity, use.entity, use.field, user ?? entity);
    });
    links.set(entity, { parent, usedBy });
  }
}

/** Conditions (to AND into every update and delete, and reads unless readScopeConditions) confining the caller. */
export async function scopeConditions(
  db: Kysely<SystemTables>,
  entity: EntityRuntime,
  caller: Caller,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  access: 'read' | 'write' = 'write',
): Promise<Condition[]> {
  // Soft-deleted rows (storage.deletedFlag) are out of everyone's reach.
  const conditions: Condition[] = liveConditions(entity);
  const scope = entity.schema.dataScope;
  const linked = links.get(entity);
  if (caller.userType !== STAFF_USER_TYPE) conditions.push(...(await customerReach(db, entity, caller, access, log)));
  if (scope?.parent) {
    // The parent's own scope for this caller (staff included: departments, data rules), as a subquery.
    if (!linked?.parent) conditions.push(sql`false`);
    else {
      const parent = linked.parent;
      const parentScope = await scopeConditions(db, parent.entity, caller, log, access);
      if (parentScope.length) conditions.push(sql`${sql.id(parent.column)} in (${rowsOf(parent.entity, caller, parentScope, sql`id`)})`);
    }
  }
  if (scope?.self) conditions.push(sql`user_id = ${caller.userId}`);
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

/** `select <column> from <entity> where <tenant and conditions>`: a subquery over another entity's table. */
function rowsOf(entity: EntityRuntime, caller: Caller, conditions: Condition[], column: Condition): Condition {
  return sql`select ${column} from ${sql.id(entity.schema.table)} where ${sql.join([tenantWhere(entity, caller.tenantId), ...conditions], sql` and `)}`;
}

/** What a customer (any user type but staff) reaches of the entity: by its customer field, parent, use or nothing. */
async function customerReach(
  db: Kysely<SystemTables>,
  entity: EntityRuntime,
  caller: Caller,
  access: 'read' | 'write',
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Condition[]> {
  const scope = entity.schema.dataScope;
  if (!confinesCustomers(scope)) return [sql`false`];
  const customer = confinedCustomer(entity, caller);
  const listed = customerLists.get(entity);
  if (scope!.customer && listed) {
    // The domain's customers for this caller (its active one or several); the readers' fields still add theirs.
    const reached = await listed.of(caller);
    const column = sql.id(entity.columns.get(scope!.customer)!);
    const matches = reached.length > 0 ? [sql`${column} in (${sql.join([...reached])})`] : [sql`false`];
    if (access === 'read' && customer) for (const field of scope!.customerReaders ?? []) matches.push(sql`${sql.id(entity.columns.get(field)!)} = ${customer}`);
    return [matches.length === 1 ? matches[0] : sql`(${sql.join(matches, sql` or `)})`];
  }
  if (scope!.customer) {
    if (!customer) return [sql`false`];
    // Reads also admit rows naming the caller's customer in a reader field (an agent's brokered orders).
    const fields = [scope!.customer, ...(access === 'read' ? (scope!.customerReaders ?? []) : [])];
    const matches = fields.map((field) => sql`${sql.id(entity.columns.get(field)!)} = ${customer}`);
    return [matches.length === 1 ? matches[0] : sql`(${sql.join(matches, sql` or `)})`];
  }
  // Reached only through the parent row, or only the user's own rows (scopeConditions adds those conditions).
  if (scope!.parent || scope!.self) return [];
  // Rows others own: read-only for customers.
  if (access === 'write') return [sql`false`];
  if (scope!.shared) return [];
  const reach: Condition[] = [];
  for (const use of links.get(entity)?.usedBy ?? []) {
    const userScope = await scopeConditions(db, use.entity, caller, log, 'read');
    reach.push(sql`id in (${rowsOf(use.entity, caller, [...userScope, sql`${sql.id(use.column)} is not null`], sql.id(use.column))})`);
  }
  const offered = scope!.offered;
  if (offered && caller.permissions.has(offered.permission)) {
    reach.push(sql.join(Object.entries(offered.when).map(([field, values]) => sql`${sql.id(entity.columns.get(field)!)} in (${sql.join(values)})`), sql` and `));
  }
  return [reach.length === 0 ? sql`false` : sql`(${sql.join(reach, sql` or `)})`];
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
  if (!entity.schema.dataScope?.customer) return;
  // An entity whose domain lists the customers (hooks.customers) is checked against that list, asynchronously.
  if (customerLists.has(entity)) throw new Error(`${entity.schema.name}: customers come from its domain; use enforceRecordCustomer`);
  const customer = confinedCustomer(entity, caller);
  if (customer === undefined) return;
  if (customer === null) throw new BusinessError(NO_CUSTOMER_MESSAGE);
  const field = entity.schema.dataScope!.customer!;
  if (field !== 'id') record[field] = customer;
  else if (existingId === undefined) throw new BusinessError(OWN_CUSTOMER_ADD_MESSAGE);
}

/**
 * enforceCustomer for every write of the engine: where the domain lists the customers a caller reaches
 * (hooks.customers), the record keeps the one it names if listed, else gets the active (or only) one; a record
 * naming another is refused with the domain's text.
 */
export async function enforceRecordCustomer(entity: EntityRuntime, caller: Caller, record: Record<string, unknown>, existingId?: string): Promise<void> {
  const listed = customerLists.get(entity);
  if (!listed) return enforceCustomer(entity, caller, record, existingId);
  const customer = confinedCustomer(entity, caller);
  if (customer === undefined) return;
  const field = entity.schema.dataScope!.customer!;
  const reached = await listed.of(caller);
  const named = typeof record[field] === 'string' ? (record[field] as string) : '';
  if (named && reached.includes(named)) return;
  if (!named || reached.length === 1) {
    const chosen = customer && reached.includes(customer) ? customer : reached.length === 1 ? reached[0] : undefined;
    if (chosen !== undefined) {
      record[field] = chosen;
      return;
    }
  }
  throw new ValidationError([{ field, message: listed.refusal }]);
}

/** Those of `ids` the caller may change, locked until the transaction ends. */
export async function idsInScope(db: Kysely<SystemTables>, entity: EntityRuntime, tenantId: number, ids: string[], scope: Condition[]): Promise<string[]> {
  if (ids.length === 0) return [];
  if (scope.length === 0) return ids;
  const result = await sql<{ id: string }>`select id from ${sql.id(entity.schema.table)}
    where ${tenantWhere(entity, tenantId)} and id in (${sql.join(ids)}) and ${sql.join(scope, sql` and `)} for update`.execute(db);
  // As text, whatever the column's type (integer ids, storage.idKind), like the ids a request names.
  return result.rows.map((r) => String(r.id));
}

/**
 * A row reached through its parent (`dataScope.parent`) may only be written under a parent the caller may change:
 * checked on add, import and edit, since the body names the parent.
 */
export async function assertParentInScope(db: Kysely<SystemTables>, entity: EntityRuntime, caller: Caller, record: Record<string, unknown>): Promise<void> {
  const parent = entity.schema.dataScope?.parent;
  if (!parent) return;
  const linked = links.get(entity)?.parent;
  const id = record[parent.field];
  if (typeof id !== 'string' || id === '') return;
  const scope = linked ? await scopeConditions(db, linked.entity, caller) : [sql`false`];
  const found = linked ? await idsInScope(db, linked.entity, caller.tenantId, [id], scope) : [];
  if (found.length === 0) throw new ValidationError([{ field: parent.field, message: `${entity.schema.fields[parent.field]?.label ?? parent.field}不存在或无权操作` }]);
}

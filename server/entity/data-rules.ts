/**
 * JeecgBoot data rules (contract §1.3): row filters defined on a menu page (`sys_permission_data_rule`) and bound
 * to roles through `sys_role_permission.data_rule_ids`. A caller's active rules on an entity's page become bound
 * SQL conditions over allow-listed columns, ANDed together. Unlike JeecgBoot they also guard queryById, edit,
 * delete and export (contract §10 #6), and SQL rules (`USE_SQL_RULES`) are never executed.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { SystemTables } from '../db/schema.ts';
import type { Caller } from '../context.ts';
import { BusinessError } from '../core/errors.ts';
import type { EntityRuntime } from './registry.ts';
import { ruleCondition, SUPER_RULES } from './query.ts';
import { shanghaiNow } from '../core/clock.ts';

type Condition = RawBuilder<unknown>;

export interface DataRule {
  id: string;
  rule_column: string | null;
  rule_conditions: string;
  rule_value: string | null;
}

/** The menu page whose data rules apply to an entity (menu/sync.ts creates it from the schema's `menu`). */
export function dataRulePage(entity: EntityRuntime): string | null {
  return entity.schema.menu ? `page:${entity.schema.name}` : null;
}

/** Active rules of the page that any of the caller's roles is bound to. */
export async function loadCallerRules(db: Kysely<SystemTables>, pageId: string, userId: string): Promise<DataRule[]> {
  const result = await sql<DataRule>`select r.id, r.rule_column, r.rule_conditions, r.rule_value
    from sys_permission_data_rule r
    where r.permission_id = ${pageId} and r.status = '1'
      and exists (select 1 from sys_role_permission rp
        join sys_user_role ur on ur.role_id = rp.role_id
        where ur.user_id = ${userId} and rp.permission_id = ${pageId}
          and position(',' || r.id || ',' in ',' || coalesce(rp.data_rule_ids, '') || ',') > 0)
    order by r.id`.execute(db);
  return result.rows;
}

/** Session values a rule value may name as `#{…}`; null when the caller has none. */
export function sessionVariables(caller: Caller): Record<string, string | null> {
  const now = shanghaiNow();
  return {
    sys_user_code: caller.username,
    sys_user_name: caller.realname,
    sys_user_id: caller.userId,
    sys_org_code: caller.orgCode,
    sys_customer_id: caller.customerId,
    tenant_id: String(caller.tenantId),
    sys_date: now.date,
    sys_time: now.time,
  };
}

/** `#{name}` placeholders replaced by session values; null when one is unknown or empty for this caller. */
export function substitute(value: string, variables: Record<string, string | null>): string | null {
  let missing = false;
  const replaced = value.replace(/#\{\s*([A-Za-z_]+)\s*\}/g, (_match, name: string) => {
    const v = variables[name];
    if (v === null || v === undefined || v === '') missing = true;
    return v ?? '';
  });
  return missing ? null : replaced;
}

/** The property a rule names (property or snake_case column), only if it is on the entity's allow-list. */
function ruleProperty(entity: EntityRuntime, column: string): string | null {
  if (entity.columns.has(column)) return column;
  for (const [property, col] of entity.columns) if (col === column) return property;
  return null;
}

/**
 * Conditions for the given rules. A rule naming an unknown column or an unsupported condition (including
 * USE_SQL_RULES) is ignored and logged. A rule whose value cannot be resolved for this caller (a placeholder the
 * session lacks, a value of the wrong type) matches nothing: failing closed, since it was meant to restrict.
 */
export function ruleConditions(entity: EntityRuntime, rules: DataRule[], caller: Caller, log?: Pick<FastifyBaseLogger, 'warn'>): Condition[] {
  if (rules.length === 0) return [];
  const variables = sessionVariables(caller);
  const conditions: Condition[] = [];
  for (const rule of rules) {
    const property = ruleProperty(entity, (rule.rule_column ?? '').trim());
    const code = SUPER_RULES[rule.rule_conditions.trim()];
    if (!property || !code) {
      log?.warn({ rule: rule.id, entity: entity.schema.name, column: rule.rule_column, condition: rule.rule_conditions }, 'data rule ignored: unknown column or condition');
      continue;
    }
    const value = substitute(rule.rule_value ?? '', variables);
    if (value === null || value.trim() === '') {
      log?.warn({ rule: rule.id, entity: entity.schema.name }, 'data rule value unresolved for this caller; it matches nothing');
      conditions.push(sql`false`);
      continue;
    }
    try {
      conditions.push(ruleCondition(entity, property, code, value.trim()) ?? sql`false`);
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      log?.warn({ rule: rule.id, entity: entity.schema.name, reason: error.message }, 'data rule value invalid; it matches nothing');
      conditions.push(sql`false`);
    }
  }
  return conditions;
}

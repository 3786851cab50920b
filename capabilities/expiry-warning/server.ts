/**
 * The server side of `list.expiryQuery` (contract.ts): `expiry=expiring|expired` finds rows with any document date
 * inside its warning window (today up to `expiryWarning.days` ahead) or already past, today being Shanghai's. The
 * day is a bound value, so a cached answer is keyed by the day it was read on (filterUsesClock).
 */
import { sql, type RawBuilder } from 'kysely';
import { addDays, shanghaiNow } from '../../server/core/clock.ts';
import { BusinessError } from '../../server/core/errors.ts';
import type { EntityRuntime } from '../../server/entity/registry.ts';
import type { CapabilityServer } from '../server-part.ts';
import { EXPIRY_QUERY_PARAM, EXPIRY_QUERY_STATES, expiryFields, hasExpiryQuery, type ExpiryQueryState } from './contract.ts';

function expiryCondition(entity: EntityRuntime, value: string): RawBuilder<unknown> | null {
  if (!EXPIRY_QUERY_STATES.includes(value as ExpiryQueryState)) {
    throw new BusinessError('证件状态的查询条件应为 expiring（即将到期）或 expired（已过期）');
  }
  const fields = expiryFields(entity.schema);
  if (fields.length === 0) return null;
  const today = shanghaiNow().date;
  const parts = fields.map(({ property, days }) => {
    const column = sql.id(entity.columns.get(property)!);
    return value === 'expired' ? sql`${column} < ${today}` : sql`${column} between ${today} and ${addDays(today, days)}`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}

export const expiryWarningServer: CapabilityServer = {
  listFilter: (entity, param, value) => (param === EXPIRY_QUERY_PARAM && hasExpiryQuery(entity.schema) ? expiryCondition(entity, value) : undefined),
  listFilterUsesClock: (entity, param) => param === EXPIRY_QUERY_PARAM && hasExpiryQuery(entity.schema),
  listParameters: (schema) =>
    hasExpiryQuery(schema)
      ? [{ name: EXPIRY_QUERY_PARAM, in: 'query', description: '证件状态：expiring 即将到期 / expired 已过期（任一证件）', schema: { type: 'string', enum: [...EXPIRY_QUERY_STATES] } }]
      : [],
};

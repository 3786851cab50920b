/**
 * `expiry=expiring|expired` on lists that declare `list.expiryQuery` (contracts/expiry.ts): rows with any document
 * date inside its warning window (today up to `expiryWarning.days` ahead) or already past, today being Shanghai's.
 * The day is a bound value, so a cached answer is keyed by the day it was read on.
 */
import { sql, type RawBuilder } from 'kysely';
import { EXPIRY_QUERY_STATES, expiryFields, hasExpiryQuery, type ExpiryQueryState } from '../../src/contracts/expiry.ts';
import { addDays, shanghaiNow } from '../core/clock.ts';
import { BusinessError } from '../core/errors.ts';
import type { EntityRuntime } from './registry.ts';

export function expiryCondition(entity: EntityRuntime, value: string): RawBuilder<unknown> | null {
  if (!hasExpiryQuery(entity.schema)) return null;
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

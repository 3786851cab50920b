/** Request values as the system screens read them. */
import { splitList } from '../../../src/contracts/field-values.ts';
import type { FieldError } from '../../../src/contracts/envelope.ts';
import type { CheckEvent } from '../../entity/hooks.ts';

/** A string body/query value, trimmed; anything else is empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** Comma-joined ids (query or body) → distinct non-empty ids, at most 1000. */
export function splitIds(value: unknown): string[] {
  return [...new Set(splitList(typeof value === 'string' ? value : ''))].slice(0, 1000);
}

/**
 * For a fieldErrors hook: a dictionary code sent as a number (JeecgBoot's Integer status, menuType) is the same choice
 * as its string. Normalises `record[field]` and replaces the schema's type error with the dictionary's own check.
 */
export function acceptNumberCode(record: Record<string, unknown>, errors: FieldError[], { ctx, entity }: CheckEvent, field: string): FieldError[] {
  if (typeof record[field] !== 'number') return errors;
  const value = String(record[field]);
  record[field] = value;
  const checked = errors.filter((error) => error.field !== field);
  const def = entity.schema.fields[field];
  if (def?.dict && !ctx.dicts.has(def.dict, value)) checked.push({ field, message: `${def.label}：请从列表中选择` });
  return checked;
}

/** Request values as the system screens read them. */
import { splitList } from '../../../src/contracts/field-values.ts';

/** A string body/query value, trimmed; anything else is empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** Comma-joined ids (query or body) → distinct non-empty ids, at most 1000. */
export function splitIds(value: unknown): string[] {
  return [...new Set(splitList(typeof value === 'string' ? value : ''))].slice(0, 1000);
}

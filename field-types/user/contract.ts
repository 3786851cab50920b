/** `user`: usernames of the caller's tenant, comma-joined; lists show real names. */
import type { FieldDef } from '../../src/contracts/entity.ts';
import { defineFieldType } from '../contract.ts';

/** Longest comma-joined list of picked values (users; departments with `multiple`). */
export const DEFAULT_USER_MAX = 1000;
/** One value (no comma), for single-valued pickers. */
export const SINGLE_VALUE_PATTERN = '^[^,]+$';

/** A picked value (user, department) missing reads 请选择…; `one` names what a single-valued field holds. */
export function pickedMessage(field: FieldDef, keyword: string, one: string): string | undefined {
  if (keyword === 'required' || keyword === 'minLength') return `请选择${field.label}`;
  if (keyword === 'pattern') return `${field.label}只能选择一个${one}`;
  return undefined;
}

export const userType = defineFieldType({
  name: 'user',
  valueSchema: (field, base) => ({
    ...base,
    type: 'string',
    minLength: field.required ? 1 : undefined,
    maxLength: field.maxLength ?? DEFAULT_USER_MAX,
    pattern: field.multiple ? undefined : SINGLE_VALUE_PATTERN,
  }),
  message: (field, keyword) => pickedMessage(field, keyword, '用户'),
  // The grid's picker stores the same usernames as the form's; a list cell does not edit them in place.
  grid: { cell: 'user', inline: false },
});

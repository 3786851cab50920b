/** `department`: a department id of the caller's tenant (sys_depart.id), several with `multiple`; lists show names. */
import { defineFieldType } from '../contract.ts';
import { DEFAULT_USER_MAX, pickedMessage, SINGLE_VALUE_PATTERN } from '../user/contract.ts';

export const DEPARTMENT_ID_MAX = 32;

export const departmentType = defineFieldType({
  name: 'department',
  valueSchema: (field, base) =>
    // With `multiple`, several ids comma-joined (like user fields).
    field.multiple
      ? { ...base, type: 'string', minLength: field.required ? 1 : undefined, maxLength: field.maxLength ?? DEFAULT_USER_MAX }
      : { ...base, type: 'string', minLength: field.required ? 1 : undefined, maxLength: DEPARTMENT_ID_MAX, pattern: SINGLE_VALUE_PATTERN },
  message: (field, keyword) => pickedMessage(field, keyword, '部门'),
  // The grid's picker stores the same ids as the form's; a list cell does not edit them in place.
  grid: { cell: 'department', inline: false },
});

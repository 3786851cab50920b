/** `department` on the server: sys_depart ids of the caller's tenant; lists show department names. */
import { sql } from 'kysely';
import type { FieldTypeServer } from '../server-part.ts';
import { DEFAULT_USER_MAX } from '../user/contract.ts';
import { DEPARTMENT_ID_MAX } from './contract.ts';

export const departmentServer: FieldTypeServer = {
  column: (field) => `varchar(${field.multiple ? Math.floor(field.maxLength ?? DEFAULT_USER_MAX) : DEPARTMENT_ID_MAX})`,
  directory: {
    table: 'sys_depart',
    key: 'id',
    label: 'depart_name',
    live: (tenantId) => sql<boolean>`tenant_id = ${tenantId} and del_flag = 0`,
  },
};

/** `user` on the server: usernames of the caller's tenant, comma-joined; lists show real names. */
import { sql } from 'kysely';
import type { DirectoryLookup, FieldTypeServer } from '../server-part.ts';
import { DEFAULT_USER_MAX } from './contract.ts';

/** Users of a tenant: `sys_user.rel_tenant_ids` is a comma list, matched as a whole item. */
export function inTenant(tenantId: number) {
  return sql<boolean>`(',' || coalesce(rel_tenant_ids, '') || ',') like ${`%,${tenantId},%`}`;
}

export const USER_DIRECTORY: DirectoryLookup = {
  table: 'sys_user',
  key: 'username',
  label: 'realname',
  live: (tenantId) => sql<boolean>`del_flag = 0 and ${inTenant(tenantId)}`,
};

export const userServer: FieldTypeServer = {
  column: (field) => `varchar(${Math.floor(field.maxLength ?? DEFAULT_USER_MAX)})`,
  directory: USER_DIRECTORY,
};

/**
 * System administration's migrations, one folder per area (their screens are engine entities whose rules live in
 * server/domains/system/), and the endpoint aliases JeecgBoot's api/manage.js names.
 */
import type { Migration } from 'kysely';
import { usersMigrations } from './users/migrations.ts';
import { rolesMigrations } from './roles/migrations.ts';
import { departsMigrations } from './departs/migrations.ts';
import { dictsMigrations } from './dicts/migrations.ts';
import { menusMigrations } from './menus/migrations.ts';
import { logsMigrations } from './logs/migrations.ts';
import { jobsMigrations } from './jobs/migrations.ts';
import { announcementsMigrations } from './announcements/migrations.ts';
import type { RouteAlias } from '../../core/route-aliases.ts';

/**
 * The endpoint bases the JeecgBoot front end's api/manage.js names (getUserList, getRoleList, getServiceList,
 * getPermissions), and other spellings of the stock client's api.js: each answers what the route it stands for
 * answers, under the same permission.
 * "Service" has no JeecgBoot table of its own; the platform's services are its scheduled jobs.
 */
export function specAliases(prefix: string): RouteAlias[] {
  return [
    { method: 'GET', alias: `${prefix}/api/user`, target: `${prefix}/sys/user/list` },
    { method: 'GET', alias: `${prefix}/api/role`, target: `${prefix}/sys/role/list` },
    { method: 'GET', alias: `${prefix}/api/service`, target: `${prefix}/sys/quartzJob/list` },
    { method: 'GET', alias: `${prefix}/api/permission`, target: `${prefix}/sys/permission/list` },
    { method: 'GET', alias: `${prefix}/api/permission/no-pager`, target: `${prefix}/sys/permission/list` },
    // The stock Vue2 client's api.js asks for a department's grantable menus under /sys/permission.
    { method: 'GET', alias: `${prefix}/sys/permission/queryDepartPermission`, target: `${prefix}/sys/sysDepart/queryDepartPermission` },
    { method: 'POST', alias: `${prefix}/sys/permission/saveDepartPermission`, target: `${prefix}/sys/sysDepart/saveDepartPermission` },
  ];
}

export const systemMigrations: Record<string, Migration> = {
  ...usersMigrations,
  ...rolesMigrations,
  ...departsMigrations,
  ...dictsMigrations,
  ...menusMigrations,
  ...logsMigrations,
  ...jobsMigrations,
  ...announcementsMigrations,
};

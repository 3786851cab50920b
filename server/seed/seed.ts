/**
 * Demo data for an empty database: one tenant, departments, the four roles and demo users, branding, and a few
 * hundred realistic drivers. Runs once — when sys_user is empty — inside one transaction, so a failed seed leaves
 * nothing behind and the next start tries again.
 */
import type { Kysely, Transaction } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { REGISTERED_ROLE } from '../auth/register-routes.ts';
import { newId } from '../core/ids.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { insertRow } from '../entity/repository.ts';
import { DEFAULT_SETTINGS } from '../domains/system/settings/branding.ts';
import type { PlatformSettings } from '../../src/contracts/settings.ts';
import { generateDrivers } from './demo-drivers.ts';

export const DEMO_TENANT_ID = 1;

export const ROLES = [
  { code: 'admin', name: '系统管理员', description: '平台全部功能' },
  { code: 'ops', name: '运营人员', description: '网络货运业务菜单' },
  { code: 'shipper', name: '货主', description: '货主账号' },
  { code: 'shipperadmin', name: '货主管理员', description: '管理多个货主' },
  REGISTERED_ROLE,
] as const;

const DEPARTS = [
  { id: 'd-platform', parent: null, name: '平台运营中心', orgCode: 'A01', order: 1, category: '1' },
  { id: 'd-ops', parent: 'd-platform', name: '运营部', orgCode: 'A01A01', order: 1, category: '2' },
  { id: 'd-finance', parent: 'd-platform', name: '财务部', orgCode: 'A01A02', order: 2, category: '2' },
  { id: 'd-customers', parent: null, name: '货主客户', orgCode: 'A02', order: 2, category: '1' },
];

export const DEMO_USERS = [
  { username: 'admin', realname: '系统管理员', userType: 1, role: 'admin', departs: ['d-platform'], phone: '13800000001' },
  { username: 'ops', realname: '运营专员', userType: 1, role: 'ops', departs: ['d-ops'], phone: '13800000002' },
  { username: 'shipper', realname: '货主用户', userType: 2, role: 'shipper', departs: ['d-customers'], phone: '13800000003' },
  { username: 'shipperadmin', realname: '货主管理员', userType: 6, role: 'shipperadmin', departs: ['d-customers'], phone: '13800000004' },
] as const;

const DEMO_SETTINGS: PlatformSettings = {
  ...DEFAULT_SETTINGS,
  platformName: '鑫源网络货运平台',
  logoTitle: '鑫源货运',
  footerAddress: '内蒙古自治区鄂尔多斯市康巴什区经三路18号',
  servicePhone: '400-800-2026',
  companyName: '鄂尔多斯鑫源供应链管理有限公司',
  companyLink: 'https://example.com',
  recordNumber: '蒙ICP备2026000001号-1',
  licenseNumber: '网络货运道路运输经营许可证 150602000001',
};

async function seedOrganisation(tx: Transaction<SystemTables>, password: string): Promise<void> {
  await tx
    .insertInto('sys_tenant')
    .values({ id: DEMO_TENANT_ID, name: '鑫源网络货运', begin_date: '2026-01-01', end_date: '2036-12-31', status: 1 })
    .execute();
  await tx
    .insertInto('sys_depart')
    .values(
      DEPARTS.map((d) => ({
        id: d.id, parent_id: d.parent, depart_name: d.name, org_code: d.orgCode, org_category: d.category,
        depart_order: d.order,
      })),
    )
    .execute();
  const roleIds = new Map<string, string>();
  for (const role of ROLES) {
    const id = newId();
    roleIds.set(role.code, id);
    await tx.insertInto('sys_role').values({ id, role_code: role.code, role_name: role.name, description: role.description }).execute();
  }
  const hash = await hashPassword(password);
  for (const user of DEMO_USERS) {
    const id = newId();
    const orgCode = DEPARTS.find((d) => d.id === user.departs[0])?.orgCode ?? null;
    await tx
      .insertInto('sys_user')
      .values({
        id, username: user.username, realname: user.realname, password_hash: hash, avatar: null, phone: user.phone,
        email: null, org_code: orgCode, status: 1, del_flag: 0, user_type: user.userType, customer_id: null,
        rel_tenant_ids: String(DEMO_TENANT_ID), depart_ids: user.departs.join(','), password_changed_at: null,
        create_by: 'system', update_by: null, update_time: null,
      })
      .execute();
    await tx.insertInto('sys_user_role').values({ user_id: id, role_id: roleIds.get(user.role)! }).execute();
    await tx.insertInto('sys_user_depart').values(user.departs.map((dep) => ({ user_id: id, dep_id: dep }))).execute();
  }
  await tx.insertInto('hy_setting').values({ id: 'platform', value: JSON.stringify(DEMO_SETTINGS) }).execute();
}

/** Seeds roles and users (needed before menus are granted). Returns true when the database was empty. */
export async function seedOrganisationIfEmpty(db: Kysely<SystemTables>, password: string): Promise<boolean> {
  const anyUser = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  await db.transaction().execute((tx) => seedOrganisation(tx, password));
  return true;
}

export async function seedDemoDrivers(db: Kysely<SystemTables>, drivers: EntityRuntime, count: number): Promise<void> {
  const rows = generateDrivers(count);
  await db.transaction().execute(async (tx) => {
    for (const driver of rows) {
      const values: Record<string, unknown> = { id: newId(), createBy: 'system', sysOrgCode: 'A01A01', tenant_id: DEMO_TENANT_ID };
      for (const name of Object.keys(drivers.schema.fields)) values[name] = (driver as Record<string, unknown>)[name] ?? null;
      await insertRow(tx, drivers, values);
    }
  });
}

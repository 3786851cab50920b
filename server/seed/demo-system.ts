/**
 * Demo rows for the system screens that only fill up with use (issue 22, item 10): 用户回收站 (a former employee
 * deleted by admin), 部门角色 (roles of 平台运营中心 and 财务部, one held by admin), 短信发件箱 (the texts the
 * built-in provider would have written for logins, a registration and a password reset) and 职务管理 (the
 * platform's positions, one per rank of the position_rank dictionary; issue 24).
 *
 * Written as the screens would have left them. The deleted user has no sessions and a phone number no live user
 * holds, so 还原 works; the department roles are granted nothing (a role of a department can only be granted the
 * department's own permissions, and the demo departments have none), so no one's menu changes. The texts go to
 * numbers of no demo account, so a test reading "the latest code sent to 138000000xx" never finds one of these.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import type { EntityRuntime } from '../entity/registry.ts';
import { insertRow } from '../entity/repository.ts';
import { DEMO_REFERENCE_DATE } from './demo-drivers.ts';
import { beijing, DAY, HOUR } from './demo-freight-steps.ts';
import { DEMO_TENANT_ID } from './seed.ts';

const REFERENCE_MIDNIGHT = Date.parse(`${DEMO_REFERENCE_DATE}T00:00:00+08:00`);
const at = (daysAgo: number, hour: number) => beijing(REFERENCE_MIDNIGHT - daysAgo * DAY + hour * HOUR);

export const DEMO_DELETED_USER = { username: 'liuyang', realname: '刘洋', phone: '13800000015' } as const;

export const DEMO_DEPART_ROLES = [
  { departId: 'd-platform', orgCode: 'A01', roleName: '平台审核员', roleCode: 'platform_reviewer', description: '审核司机、车辆与货主资质', holders: ['admin'] },
  { departId: 'd-finance', orgCode: 'A01A02', roleName: '结算专员', roleCode: 'settlement_clerk', description: '核对账单与收款', holders: [] },
  { departId: 'd-finance', orgCode: 'A01A02', roleName: '出纳', roleCode: 'cashier', description: '登记收付款', holders: [] },
] as const;

/** Texts of the built-in provider (server/auth/sms-routes.ts wording), to numbers of no demo account. */
export const DEMO_TEXTS = [
  { mobile: '13947701235', mode: '1', purpose: '注册', code: '482913', daysAgo: 6, hour: 9 },
  { mobile: '13991225608', mode: '0', purpose: '登录', code: '105377', daysAgo: 3, hour: 14 },
  { mobile: '13831567720', mode: '2', purpose: '找回密码', code: '660284', daysAgo: 1, hour: 20 },
] as const;

export const DEMO_POSITIONS = [
  { code: 'general_manager', name: '总经理', postRank: '5', daysAgo: 200 },
  { code: 'ops_manager', name: '运营经理', postRank: '4', daysAgo: 180 },
  { code: 'qualification_reviewer', name: '资质审核专员', postRank: '3', daysAgo: 150 },
  { code: 'dispatcher', name: '调度员', postRank: '2', daysAgo: 140 },
  { code: 'customer_service', name: '客服专员', postRank: '1', daysAgo: 90 },
] as const;

async function seedDeletedUser(db: Kysely<SystemTables>): Promise<void> {
  // The same password hash as the live demo accounts: a restored user can sign in with the README's password.
  const template = await db.selectFrom('sys_user').select('password_hash').where('username', '=', 'ops').executeTakeFirst();
  if (!template) return;
  const id = newId();
  await db.insertInto('sys_user').values({
    id, username: DEMO_DELETED_USER.username, realname: DEMO_DELETED_USER.realname, password_hash: template.password_hash,
    avatar: null, phone: DEMO_DELETED_USER.phone, email: null, org_code: 'A01A01', status: 1, del_flag: 1, user_type: 1,
    customer_id: null, rel_tenant_ids: String(DEMO_TENANT_ID), depart_ids: 'd-ops', password_changed_at: null, sex: 1,
    create_by: 'admin', create_time: at(120, 10), update_by: 'admin', update_time: at(8, 17),
  }).execute();
  const role = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'ops').executeTakeFirst();
  if (role) await db.insertInto('sys_user_role').values({ user_id: id, role_id: role.id }).execute();
  await db.insertInto('sys_user_depart').values({ user_id: id, dep_id: 'd-ops' }).execute();
}

async function seedDepartRoles(db: Kysely<SystemTables>, departRoles: EntityRuntime): Promise<void> {
  for (const role of DEMO_DEPART_ROLES) {
    const id = newId();
    await insertRow(db, departRoles, {
      id, departId: role.departId, roleName: role.roleName, roleCode: role.roleCode, description: role.description,
      createBy: 'admin', createTime: at(30, 11), sysOrgCode: role.orgCode, tenant_id: DEMO_TENANT_ID,
    });
    for (const username of role.holders) {
      await sql`insert into sys_depart_role_user (id, role_id, user_id, create_by, create_time, tenant_id)
        select ${newId()}, ${id}, u.id, 'admin', ${at(30, 11)}, ${DEMO_TENANT_ID} from sys_user u
        where u.username = ${username}`.execute(db);
    }
  }
}

async function seedOutbox(db: Kysely<SystemTables>, outbox: EntityRuntime): Promise<void> {
  for (const text of DEMO_TEXTS) {
    await insertRow(db, outbox, {
      id: newId(), mobile: text.mobile, smsMode: text.mode, provider: 'outbox', createBy: 'system',
      content: `【${text.purpose}验证码】${text.code}，5分钟内有效，请勿告诉他人。`,
      createTime: at(text.daysAgo, text.hour), tenant_id: DEMO_TENANT_ID,
    });
  }
}

async function seedPositions(db: Kysely<SystemTables>, positions: EntityRuntime): Promise<void> {
  for (const position of DEMO_POSITIONS) {
    await insertRow(db, positions, {
      id: newId(), code: position.code, name: position.name, postRank: position.postRank, createBy: 'admin',
      createTime: at(position.daysAgo, 10), sysOrgCode: 'A01', tenant_id: DEMO_TENANT_ID,
    });
  }
}

export async function seedDemoSystemScreens(db: Kysely<SystemTables>, entities: readonly EntityRuntime[]): Promise<void> {
  const byName = (name: string) => entities.find((e) => e.schema.name === name);
  const departRoles = byName('sysDepartRole');
  const outbox = byName('sysSmsOutbox');
  const positions = byName('sysPosition');
  await db.transaction().execute(async (tx) => {
    await seedDeletedUser(tx);
    if (departRoles) await seedDepartRoles(tx, departRoles);
    if (outbox) await seedOutbox(tx, outbox);
    if (positions) await seedPositions(tx, positions);
  });
}

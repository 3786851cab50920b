/**
 * Reads and writes of announcements and their per-user read state, all bound SQL and always scoped to a tenant.
 * Read state lives in sys_announcement_send: rows for USER messages are written when the message is published;
 * rows for ALL messages are created lazily, the first time a user asks for their messages (as JeecgBoot does), so
 * publishing to a large tenant costs one row, and users created later still get the notice.
 */
import { sql, type Kysely } from 'kysely';
import type { WireRecord } from '../../../../src/contracts/envelope.ts';
import type { SystemTables } from '../../../db/schema.ts';
import { newId } from '../../../core/ids.ts';
import { inTenant } from '../../../../field-types/user/server.ts';

type Db = Kysely<SystemTables>;

export const CATEGORY_NOTICE = '1';
export const CATEGORY_SYSTEM = '2';

/** Live users of a tenant (ALL messages go to them). */
export async function tenantUserIds(db: Db, tenantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_user')
    .select('id')
    .where('del_flag', '=', 0)
    .where('status', '=', 1)
    .where(inTenant(tenantId))
    .execute();
  return rows.map((row) => row.id);
}

/** Ids of the tenant's live users among these usernames (the `userIds` field stores usernames, see decisions). */
export async function userIdsOf(db: Db, tenantId: number, usernames: string[]): Promise<string[]> {
  const wanted = [...new Set(usernames.filter(Boolean))];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('sys_user')
    .select('id')
    .where('del_flag', '=', 0)
    .where('username', 'in', wanted)
    .where(inTenant(tenantId))
    .execute();
  return rows.map((row) => row.id);
}

export function splitList(value: unknown): string[] {
  return String(value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** Unread rows for users of one message (USER messages, at publish time); existing rows are left alone. */
export async function insertSendRows(db: Db, tenantId: number, anntId: string, userIds: string[], by: string): Promise<void> {
  if (userIds.length === 0) return;
  const values = userIds.map((userId) => sql`(${newId()}, ${anntId}, ${userId}, '0', ${by}, ${tenantId})`);
  await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag, create_by, tenant_id)
    values ${sql.join(values)} on conflict (annt_id, user_id) do nothing`.execute(db);
}

/** Creates the caller's unread rows for published ALL messages of their tenant they have no row for yet. */
export async function ensureAllMessageRows(db: Db, tenantId: number, userId: string, username: string): Promise<void> {
  const missing = await sql<{ id: string }>`select a.id from sys_announcement a
    where a.tenant_id = ${tenantId} and a.msg_type = 'ALL' and a.send_status = '1' and a.del_flag = '0'
      and not exists (select 1 from sys_announcement_send s where s.annt_id = a.id and s.user_id = ${userId})`.execute(db);
  for (const row of missing.rows) await insertSendRows(db, tenantId, row.id, [userId], username);
}

/** The columns of an announcement as JeecgBoot's SysAnnouncement sends them. */
const ANNOUNCEMENT_COLUMNS = sql`a.id, a.titile, a.msg_content as "msgContent", a.msg_abstract as "msgAbstract",
  a.start_time as "startTime", a.end_time as "endTime", a.sender, a.priority, a.msg_category as "msgCategory",
  a.msg_type as "msgType", a.send_status as "sendStatus", a.send_time as "sendTime", a.cancel_time as "cancelTime",
  a.open_type as "openType", a.open_page as "openPage", a.bus_type as "busType", a.bus_id as "busId", a.del_flag as "delFlag", a.create_by as "createBy",
  a.create_time as "createTime", a.update_by as "updateBy", a.update_time as "updateTime"`;

/**
 * A published message is shown only between its start and end time, when they are set (alias `a` =
 * sys_announcement). Users' lists, the show page and the re-push all apply it.
 */
export const IN_WINDOW = sql`(a.start_time is null or a.start_time <= now()) and (a.end_time is null or a.end_time >= now())`;

/** The caller's unread, published messages of one category, newest first, and how many there are. */
export async function unreadMessages(
  db: Db,
  tenantId: number,
  userId: string,
  category: string,
  limit: number,
): Promise<{ records: WireRecord[]; total: number }> {
  const where = sql`s.user_id = ${userId} and s.tenant_id = ${tenantId} and s.read_flag = '0'
    and a.tenant_id = ${tenantId} and a.send_status = '1' and a.del_flag = '0' and a.msg_category = ${category} and ${IN_WINDOW}`;
  const records = await sql<WireRecord>`select ${ANNOUNCEMENT_COLUMNS} from sys_announcement_send s
    join sys_announcement a on a.id = s.annt_id where ${where}
    order by a.send_time desc nulls last, a.id desc limit ${limit}`.execute(db);
  const total = await sql<{ total: number }>`select count(*)::int as total from sys_announcement_send s
    join sys_announcement a on a.id = s.annt_id where ${where}`.execute(db);
  return { records: records.rows, total: total.rows[0]?.total ?? 0 };
}

/** Marks one message read for one user; the number of rows it matched (0: not addressed to them). */
export async function markReadByAnnouncement(db: Db, tenantId: number, userId: string, anntId: string): Promise<number> {
  const result = await sql`update sys_announcement_send set read_flag = '1', read_time = coalesce(read_time, now()),
      update_time = now()
    where annt_id = ${anntId} and user_id = ${userId} and tenant_id = ${tenantId}
      and exists (select 1 from sys_announcement a where a.id = annt_id and a.send_status = '1' and a.del_flag = '0')`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Marks the user's own receipt rows read (the 我的消息 screen's row ids); returns how many matched. */
export async function markReadBySendIds(db: Db, tenantId: number, userId: string, sendIds: string[]): Promise<number> {
  if (sendIds.length === 0) return 0;
  const result = await sql`update sys_announcement_send set read_flag = '1', read_time = coalesce(read_time, now()),
      update_time = now()
    where id in (${sql.join(sendIds)}) and user_id = ${userId} and tenant_id = ${tenantId}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function markAllRead(db: Db, tenantId: number, userId: string): Promise<number> {
  const result = await sql`update sys_announcement_send set read_flag = '1', read_time = now(), update_time = now()
    where user_id = ${userId} and tenant_id = ${tenantId} and read_flag = '0'`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

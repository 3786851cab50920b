/**
 * Users as Excel (issue 5): `exportXls` writes the rows the list matches (or the `selections`) with the texts the
 * list shows — never a password hash; `importExcel` reads the same layout back. Each row is checked exactly like
 * 添加用户 (checkUser: schema rules, unique account/phone/e-mail, roles and departments of the tenant); a row without
 * a password gets a random one and must change it on first login. Valid rows are written in one transaction;
 * refused rows come back as an error report, as the engine's import does (code 201).
 */
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql, type RawBuilder } from 'kysely';
import type { FastifyReply } from 'fastify';
import type { FieldError, Result } from '../../../src/contracts/envelope.ts';
import type { FieldDef } from '../../../src/contracts/entity.ts';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import type { QueryParams } from '../../entity/query.ts';
import { attachmentHeader } from '../../entity/excel-export.ts';
import { cellText, errorReport, typedValue } from '../../entity/excel-import.ts';
import { resolveDirectoryNames } from '../../entity/field-types.ts';
import { storeUpload } from '../../files/routes.ts';
import type { FileStore } from '../../files/store.ts';
import { listUsers, type UserRecord } from './queries.ts';
import { checkUser, insertUser, orgCodeOf, type CheckedUser } from './writes.ts';
import { splitIds } from './helpers.ts';

export const USER_EXPORT_LIMIT = 10_000;
export const USER_IMPORT_LIMIT = 2_000;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Columns of the sheet, in this order; `password` is read on import only. */
const EXPORTED = ['username', 'realname', 'phone', 'email', 'sex', 'userType', 'status', 'selectedroles', 'selecteddeparts'] as const;
const IMPORTED = [...EXPORTED, 'password'] as const;
type Imported = (typeof IMPORTED)[number];
const DICT_FIELDS: readonly Imported[] = ['sex', 'userType', 'status'];

/** Role names per user of the tenant, comma-joined. */
async function roleNamesOf(ctx: AppContext, tenantId: number, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('sys_user_role as ur').innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.role_name']).where('ur.user_id', 'in', userIds).where('r.tenant_id', '=', tenantId)
    .orderBy('r.role_name').execute();
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.user_id, [...(out.get(row.user_id) ?? []), row.role_name]);
  return new Map([...out].map(([id, names]) => [id, names.join(',')]));
}

function exportCell(user: UserRecord, property: (typeof EXPORTED)[number], roles: Map<string, string>): string | null {
  switch (property) {
    case 'sex':
    case 'userType':
    case 'status':
      return (user[`${property}_dictText`] as string | undefined) || null;
    case 'selectedroles':
      return roles.get(user.id) ?? null;
    case 'selecteddeparts':
      return (user.orgCodeTxt as string | undefined) || null;
    default:
      return user[property] ?? null;
  }
}

export async function exportUsers(
  ctx: AppContext,
  entity: EntityRuntime,
  runtime: EntityRuntime,
  caller: Caller,
  params: QueryParams,
  rules: RawBuilder<unknown>[],
  reply: FastifyReply,
): Promise<FastifyReply> {
  const selections = splitIds(Array.isArray(params.selections) ? params.selections.join(',') : params.selections);
  const extra = [...rules, ...(selections.length > 0 ? [sql`id in (${sql.join(selections)})`] : [])];
  const query: QueryParams = { ...params, pageSize: '1000' };
  const users: UserRecord[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await listUsers(ctx, runtime, caller.tenantId, { ...query, pageNo: String(pageNo) }, false, extra);
    if (page.total > USER_EXPORT_LIMIT) throw new BusinessError(`导出数据共${page.total}条，超过${USER_EXPORT_LIMIT}条上限，请缩小查询范围`);
    users.push(...page.records);
    if (page.records.length < 1000 || users.length >= page.total) break;
  }
  const roles = await roleNamesOf(ctx, caller.tenantId, users.map((u) => u.id));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(entity.schema.title);
  sheet.columns = [
    ...EXPORTED.map((property) => ({ header: entity.schema.fields[property].label, key: property, width: property === 'selecteddeparts' ? 30 : 16 })),
    { header: '创建时间', key: 'createTime', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const user of users) {
    sheet.addRow({ ...Object.fromEntries(EXPORTED.map((p) => [p, exportCell(user, p, roles)])), createTime: String(user.createTime).slice(0, 19).replace('T', ' ') });
  }
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('content-disposition', attachmentHeader(`${entity.schema.title}列表.xlsx`));
  reply.header('cache-control', 'no-store');
  return reply.send(data);
}

/** A password nobody knows that still meets the policy (upper, lower, digit, symbol). */
function randomPassword(): string {
  return `Aa1!${crypto.randomBytes(12).toString('base64url')}`;
}

/** Role names, codes or ids of the caller's tenant → ids; what matches nothing is reported. */
async function resolveRoles(ctx: AppContext, tenantId: number, typed: string[]): Promise<{ ids: Map<string, string>; ambiguous: Set<string> }> {
  const ids = new Map<string, string>();
  const ambiguous = new Set<string>();
  if (typed.length === 0) return { ids, ambiguous };
  const rows = await ctx.db.selectFrom('sys_role').select(['id', 'role_name', 'role_code']).where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('id', 'in', typed), eb('role_name', 'in', typed), eb('role_code', 'in', typed)])).execute();
  for (const value of typed) {
    const matches = new Set(rows.filter((r) => r.id === value || r.role_code === value || r.role_name === value).map((r) => r.id));
    if (matches.size === 1) ids.set(value, [...matches][0]);
    else if (matches.size > 1) ambiguous.add(value);
  }
  return { ids, ambiguous };
}

interface SheetRow {
  line: number;
  cells: string[];
  record: Record<string, unknown>;
}

async function readSheet(ctx: AppContext, entity: EntityRuntime, data: Buffer): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw new BusinessError('无法读取该Excel文件，请检查文件是否损坏');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw new BusinessError('Excel中没有数据行');
  const byHeader = new Map<string, Imported>();
  for (const property of IMPORTED) {
    byHeader.set(entity.schema.fields[property].label, property);
    byHeader.set(property, property);
  }
  byHeader.set('部门', 'selecteddeparts');
  const headers: string[] = [];
  const columns = new Map<number, Imported>();
  sheet.getRow(1).eachCell((cell, column) => {
    const header = cellText(cell.value, { label: '', type: 'string' }).replace(/[*＊]$/, '').trim();
    headers[column] = header;
    const property = byHeader.get(header);
    if (property) columns.set(column, property);
  });
  if (![...columns.values()].includes('username')) throw new BusinessError('表头与用户的字段不对应，请使用导出的文件作为模板');
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (line === 1) return;
    const cells: string[] = [];
    const record: Record<string, unknown> = {};
    for (const [column, property] of columns) {
      const field: FieldDef = entity.schema.fields[property];
      const value = cellText(row.getCell(column).value, field);
      cells[column] = value;
      if (value === '') continue;
      record[property] = DICT_FIELDS.includes(property) ? typedValue(ctx, field, value) : value;
    }
    if (cells.some((value) => value)) rows.push({ line, cells, record });
  });
  if (rows.length === 0) throw new BusinessError('Excel中没有数据行');
  if (rows.length > USER_IMPORT_LIMIT) throw new BusinessError(`一次最多导入${USER_IMPORT_LIMIT}个用户，请拆分文件`);
  return { headers, rows };
}

export async function importUsers(
  ctx: AppContext,
  entity: EntityRuntime,
  caller: Caller,
  store: FileStore,
  file: { filename: string; data: Buffer },
): Promise<Result<unknown>> {
  if (!/\.xlsx$/i.test(file.filename) || !ZIP_MAGIC.every((byte, i) => file.data[i] === byte)) {
    throw new BusinessError('请上传 .xlsx 格式的Excel文件');
  }
  const { headers, rows } = await readSheet(ctx, entity, file.data);
  await resolveDirectoryNames(ctx.db, entity, caller.tenantId, rows.map((row) => row.record));
  const typedRoles = [...new Set(rows.flatMap((row) => String(row.record.selectedroles ?? '').split(/[,，]/).map((s) => s.trim()).filter(Boolean)))];
  const roles = await resolveRoles(ctx, caller.tenantId, typedRoles);

  const good: Array<{ user: CheckedUser; hash: string; orgCode: string | null; mustChange: boolean }> = [];
  const bad: Array<{ line: number; cells: string[]; message: string }> = [];
  const seen = { username: new Set<string>(), phone: new Set<string>(), email: new Set<string>() };
  for (const row of rows) {
    const errors: FieldError[] = [];
    const body = { ...row.record };
    const named = String(body.selectedroles ?? '').split(/[,，]/).map((s) => s.trim()).filter(Boolean);
    const unknown = named.filter((name) => !roles.ids.has(name));
    if (unknown.length > 0) errors.push({ field: 'selectedroles', message: `角色“${unknown.join(',')}”${unknown.some((n) => roles.ambiguous.has(n)) ? '不唯一' : '不存在'}` });
    if (body.selectedroles !== undefined) body.selectedroles = named.map((name) => roles.ids.get(name) ?? name).join(',');
    const mustChange = typeof body.password !== 'string' || body.password === '';
    if (mustChange) body.password = randomPassword();
    let user: CheckedUser | undefined;
    try {
      user = await checkUser(ctx, entity, caller, body, null);
    } catch (error: unknown) {
      if (!(error instanceof BusinessError)) throw error;
      errors.push(...(error.fieldErrors.length > 0 ? error.fieldErrors : [{ field: 'username', message: error.message }]));
    }
    // Two rows of the same file may not share an account, phone or e-mail either.
    for (const key of ['username', 'phone', 'email'] as const) {
      const value = body[key];
      if (typeof value !== 'string' || errors.some((e) => e.field === key)) continue;
      if (seen[key].has(value)) errors.push({ field: key, message: `${entity.schema.fields[key].label}“${value}”在文件中重复` });
      seen[key].add(value);
    }
    if (errors.length > 0 || !user) {
      bad.push({ line: row.line, cells: row.cells, message: errors.map((e) => e.message).join('；') });
      continue;
    }
    good.push({ user, hash: await hashPassword(user.password ?? randomPassword()), orgCode: await orgCodeOf(ctx, user.departIds?.[0]), mustChange });
  }
  if (good.length > 0) {
    await ctx.db.transaction().execute(async (tx) => {
      for (const row of good) await insertUser(tx, caller, newId(), row.user, row);
    });
  }
  if (bad.length === 0) return ok(null, `文件导入成功！数据行数：${good.length}`);

  // The password column is never echoed into the error report.
  const passwordColumn = headers.findIndex((h) => h === entity.schema.fields.password.label || h === 'password');
  const report = await errorReport(headers, bad.map((row) => ({ ...row, cells: row.cells.map((cell, i) => (i === passwordColumn && cell ? '******' : cell)) })));
  const fileName = `${entity.schema.title}导入错误.xlsx`;
  const stored = await storeUpload(ctx, store, caller, { filename: fileName, data: report, biz: 'errlog' });
  const msg = `总上传行数：${rows.length}，已导入行数：${good.length}，错误行数：${bad.length}`;
  return {
    success: true,
    code: 201,
    message: msg,
    result: { totalCount: rows.length, errorCount: bad.length, successCount: good.length, msg, fileUrl: `/sys/common/static/${stored.path}`, fileName },
    timestamp: Date.now(),
  };
}

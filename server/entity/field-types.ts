/**
 * Server rules of the field types that need more than the shared JSON Schema: rich text is sanitised against an
 * allow-list before it is stored, passwords are stored as scrypt hashes and never sent back, and department/user
 * values must name departments/users of the caller's tenant (lists show their names as `_dictText`).
 */
import sanitizeHtml from 'sanitize-html';
import { sql, type Kysely } from 'kysely';
import type { FieldError } from '../../src/contracts/envelope.ts';
import type { FieldDef } from '../../src/contracts/entity.ts';
import { splitList } from '../../src/contracts/field-values.ts';
import type { SystemTables } from '../db/schema.ts';
import type { Caller } from '../context.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { EntityRuntime } from './registry.ts';

type Db = Kysely<SystemTables>;

/** What rich text may keep: formatting, lists, links, images and tables; no scripts, handlers or styles. */
const RICHTEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote', 'pre', 'code',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ol', 'ul', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['class'],
  },
  // Quill marks alignment, indent and lists with ql-* classes.
  allowedClasses: { '*': ['ql-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, RICHTEXT_POLICY).trim();
}

const fieldsOfType = (entity: EntityRuntime, type: FieldDef['type']) =>
  Object.entries(entity.schema.fields).filter(([, field]) => field.type === type);

/**
 * Rich text fields of a normalised record, sanitised in place; one that sanitises to nothing becomes absent. Codes
 * of integer-coded dictionary fields (storage.integerCodes) sent as numbers — JeecgBoot clients send `status: 1` —
 * become their text, as dictionary values travel.
 */
export function sanitiseRecord(entity: EntityRuntime, record: Record<string, unknown>): void {
  for (const name of entity.schema.storage?.integerCodes ?? []) {
    if (typeof record[name] === 'number') record[name] = String(record[name]);
  }
  for (const [name] of fieldsOfType(entity, 'richtext')) {
    if (typeof record[name] !== 'string') continue;
    const clean = sanitiseRichText(record[name] as string);
    if (clean === '') delete record[name];
    else record[name] = clean;
  }
}

export function passwordFields(entity: EntityRuntime): string[] {
  return fieldsOfType(entity, 'password').map(([name]) => name);
}

/** Typed passwords of a validated record → their hashes, in place. */
export async function hashPasswords(entity: EntityRuntime, record: Record<string, unknown>): Promise<void> {
  for (const name of passwordFields(entity)) {
    if (typeof record[name] === 'string') record[name] = await hashPassword(record[name] as string);
  }
}

/** Properties never sent to the browser nor filtered on: password hashes. */
export function isSecretProperty(entity: EntityRuntime, property: string): boolean {
  return entity.schema.fields[property]?.type === 'password';
}

/** Live departments of a tenant among `ids`: id → name. */
export async function departNames(db: Db, tenantId: number, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('sys_depart')
    .select(['id', 'depart_name'])
    .where('tenant_id', '=', tenantId)
    .where('del_flag', '=', 0)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row.depart_name]));
}

/** Users of a tenant: `sys_user.rel_tenant_ids` is a comma list, matched as a whole item. */
export function inTenant(tenantId: number) {
  return sql<boolean>`(',' || coalesce(rel_tenant_ids, '') || ',') like ${`%,${tenantId},%`}`;
}

/** Live users of a tenant among `usernames`: username → real name. */
export async function userRealnames(db: Db, tenantId: number, usernames: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(usernames)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('sys_user')
    .select(['username', 'realname'])
    .where('del_flag', '=', 0)
    .where('username', 'in', wanted)
    .where(inTenant(tenantId))
    .execute();
  return new Map(rows.map((row) => [row.username, row.realname]));
}

/** Department and user values must exist in the caller's tenant. */
export async function directoryErrors(db: Db, entity: EntityRuntime, caller: Caller, record: Record<string, unknown>): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    if (field.type !== 'department' && field.type !== 'user') continue;
    const values = splitList(record[name]);
    if (values.length === 0) continue;
    const known = field.type === 'department' ? await departNames(db, caller.tenantId, values) : await userRealnames(db, caller.tenantId, values);
    if (!values.every((value) => known.has(value))) errors.push({ field: name, message: `${field.label}：请从列表中选择` });
  }
  return errors;
}

/**
 * Spreadsheet cells of department and user fields hold what the export wrote (names); turn each name that is not
 * already an id/username into the one department/user of the tenant bearing it. Ambiguous names stay as typed, so
 * validation names the field.
 */
export async function resolveDirectoryNames(db: Db, entity: EntityRuntime, tenantId: number, records: Array<Record<string, unknown>>): Promise<void> {
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    if (field.type !== 'department' && field.type !== 'user') continue;
    const typed = [...new Set(records.flatMap((record) => splitList(record[name])))];
    if (typed.length === 0) continue;
    const pairs =
      field.type === 'department'
        ? (await db.selectFrom('sys_depart').select(['id as key', 'depart_name as label']).where('tenant_id', '=', tenantId).where('del_flag', '=', 0)
            .where((eb) => eb.or([eb('id', 'in', typed), eb('depart_name', 'in', typed)])).execute())
        : (await db.selectFrom('sys_user').select(['username as key', 'realname as label']).where('del_flag', '=', 0).where(inTenant(tenantId))
            .where((eb) => eb.or([eb('username', 'in', typed), eb('realname', 'in', typed)])).execute());
    const keys = new Set(pairs.map((pair) => pair.key));
    const byLabel = new Map<string, string[]>();
    for (const pair of pairs) byLabel.set(pair.label, [...(byLabel.get(pair.label) ?? []), pair.key]);
    const resolve = (value: string) => (keys.has(value) ? value : byLabel.get(value)?.length === 1 ? byLabel.get(value)![0] : value);
    for (const record of records) {
      const parts = splitList(record[name]);
      if (parts.length > 0) record[name] = parts.map(resolve).join(',');
    }
  }
}

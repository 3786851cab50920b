/**
 * Record ids as an entity keeps them (schema `storage.idKind`): the engine's 32-character strings, or integers a
 * client may choose (JeecgBoot's tenants). An id in a request that cannot be one of the entity's ids names no row:
 * it is answered as not found and never reaches SQL, where it would fail the integer column.
 */
import { sql, type Kysely } from 'kysely';
import type { SystemTables } from '../db/schema.ts';
import { ValidationError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import type { EntityRuntime } from './registry.ts';

/** The largest id an integer column holds (PostgreSQL integer). */
const MAX_INTEGER_ID = 2_147_483_647;

export function integerIds(entity: EntityRuntime): boolean {
  return entity.schema.storage?.idKind === 'integer';
}

function textOf(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
}

function positiveInteger(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 && value <= MAX_INTEGER_ID ? value : undefined;
}

/** Whether a request named an id at all (blank: the request is incomplete rather than naming a missing row). */
export function idGiven(raw: unknown): boolean {
  return textOf(raw) !== '';
}

/** A request's id as the entity's id (a string, or the integer's digits), or undefined when it names no row. */
export function requestId(entity: EntityRuntime, raw: unknown): string | undefined {
  const text = textOf(raw);
  if (!text) return undefined;
  if (!integerIds(entity)) return typeof raw === 'string' ? text : undefined;
  const value = positiveInteger(text);
  return value === undefined ? undefined : String(value);
}

/** Several request ids (comma-joined or already split): those that can be the entity's, distinct. */
export function requestIds(entity: EntityRuntime, raws: string[]): string[] {
  return [...new Set(raws.map((raw) => requestId(entity, raw)).filter((id): id is string => id !== undefined))];
}

/** `<title>编号`: how an integer id is named in messages (租户编号). */
function idLabel(entity: EntityRuntime): string {
  return `${entity.schema.title}编号`;
}

/** The id an add's body asks for, checked before anything is written (integer ids only; undefined: none asked). */
export function askedId(entity: EntityRuntime, body: Record<string, unknown>): number | undefined {
  if (!integerIds(entity) || !idGiven(body.id)) return undefined;
  const value = positiveInteger(textOf(body.id));
  if (value === undefined) throw new ValidationError([{ field: 'id', message: `${idLabel(entity)}应为正整数` }]);
  return value;
}

/**
 * The new row's id, inside the add's transaction. Integer ids: the asked one if free, else the largest plus one; the
 * table is locked against other adds until the transaction ends, so two never take the same id.
 */
export async function newRowId(tx: Kysely<SystemTables>, entity: EntityRuntime, asked?: number): Promise<string | number> {
  if (!integerIds(entity)) return newId();
  const table = sql.id(entity.schema.table);
  await sql`lock table ${table} in share row exclusive mode`.execute(tx);
  if (asked === undefined) {
    const { rows } = await sql<{ next: number }>`select coalesce(max(id), 0) + 1 as next from ${table}`.execute(tx);
    return Number(rows[0].next);
  }
  const { rows } = await sql`select 1 from ${table} where id = ${asked}`.execute(tx);
  if (rows.length > 0) throw new ValidationError([{ field: 'id', message: `${idLabel(entity)}${asked}已存在` }]);
  return asked;
}

/**
 * The ids a `route` operation's button sends (capabilities/operations): one row as `id`, several as `ids`
 * (comma-joined or an array), trimmed and without repeats; the route still checks each against the caller's scope.
 */
export function operationBodyIds(body: unknown): string[] {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const raw = record.ids ?? record.id;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return [...new Set(list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()))];
}

/**
 * Hierarchical department codes (contract §6.6): three characters per level, a letter and two digits — A01…A99,
 * then B01…Z99 — so `A01A03` is the third child of the first root. Codes are unique within a tenant and always
 * chosen by the server; a department's descendants are exactly the codes that start with its own.
 */
import { sql } from 'kysely';
import { BusinessError } from '../../core/errors.ts';
import type { DepartDb } from './store.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PER_LETTER = 99;
export const LEVEL_LENGTH = 3;

/** 1 → A01, 99 → A99, 100 → B01. */
export function encodeLevel(n: number): string {
  const letter = Math.floor((n - 1) / PER_LETTER);
  if (n < 1 || letter >= LETTERS.length) throw new BusinessError('同一上级下的部门数量已达上限');
  return `${LETTERS[letter]}${String(((n - 1) % PER_LETTER) + 1).padStart(2, '0')}`;
}

/** A01 → 1; anything that is not a level code → 0. */
export function decodeLevel(code: string): number {
  const match = /^([A-Z])(\d{2})$/.exec(code);
  if (!match || match[2] === '00') return 0;
  return LETTERS.indexOf(match[1]) * PER_LETTER + Number(match[2]);
}

/** The code after the highest one among the siblings. */
export function nextOrgCode(parentCode: string, siblingCodes: string[]): string {
  const highest = siblingCodes.reduce((max, code) => Math.max(max, decodeLevel(code.slice(parentCode.length))), 0);
  return `${parentCode}${encodeLevel(highest + 1)}`;
}

/** The next free code for a new child of `parentCode` ('' for a root) in the tenant. */
export async function allocateOrgCode(db: DepartDb, tenantId: number, parentCode: string): Promise<string> {
  const rows = await db
    .selectFrom('sys_depart')
    .select('org_code')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`length(org_code) = ${parentCode.length + LEVEL_LENGTH}`)
    .where(sql<boolean>`left(org_code, ${parentCode.length}) = ${parentCode}`)
    .execute();
  return nextOrgCode(parentCode, rows.map((row) => row.org_code));
}

/** Is the error PostgreSQL's unique violation (two adds picked the same code at once)? */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** Shared facts and JSON helpers of the schema lint. */

/** Role codes the server creates; defaultGrants and menu roles may name only these. */
export const KNOWN_ROLES = ['admin', 'ops', 'shipper', 'shipperadmin', 'registered'] as const;

/** System columns a list may show, filter or sort by although they are not declared in `fields`. */
export const LISTABLE_SYSTEM_FIELDS = ['createTime', 'updateTime', 'createBy', 'updateBy'] as const;

export const DICTS_DIR = 'schemas/dicts';
export const DICTS_SUFFIX = '.dicts.json';

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** RFC 6901 escaping of one reference token. */
export function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}


/** Small pieces shared by the users and roles endpoints. */
import type { FastifyRequest } from 'fastify';
import type { FieldDef } from '../../../src/contracts/entity.ts';
import { splitList } from '../../../src/contracts/field-values.ts';
import type { EntityRuntime } from '../../entity/registry.ts';

/** A string body/query value, trimmed; anything else is empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** Comma-joined ids (query or body) → distinct non-empty ids, at most 1000. */
export function splitIds(value: unknown): string[] {
  return [...new Set(splitList(typeof value === 'string' ? value : ''))].slice(0, 1000);
}

/**
 * The entity's runtime narrowed to the columns its system table really has, for the shared query language:
 * `drop` removes properties that are not columns, `types` re-types columns (smallint codes filtered as numbers).
 */
export function queryRuntime(entity: EntityRuntime, drop: string[], types: Record<string, FieldDef['type']> = {}): EntityRuntime {
  const columns = new Map([...entity.columns].filter(([property]) => !drop.includes(property)));
  const typeMap = new Map([...entity.types].filter(([property]) => columns.has(property)));
  for (const [property, type] of Object.entries(types)) typeMap.set(property, type);
  const sortable = new Set([...entity.sortable].filter((property) => columns.has(property)));
  return { ...entity, columns, types: typeMap, sortable };
}

type Body = Record<string, unknown>;

/** Rows an operation names: the web app sends `{id}` for one row and `{ids: "a,b"}` for several. */
export const operationIds = (body: Body): string[] => (typeof body.id === 'string' && body.id ? splitIds(body.id).slice(0, 1) : splitIds(body.ids));

export const bodyOf = (request: FastifyRequest): Body => {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
};

/**
 * `GET /sys/duplicate/check` (contract §6.1): is a value already taken? JeecgBoot pasted `tableName` and
 * `fieldName` into SQL (§9 row 1). Here both are looked up in the entity schemas — the table must be an entity's
 * table, the field one of its declared fields — and only identifiers from that allow-list reach SQL. The caller
 * must be allowed to list that entity.
 *
 * The answer is a yes/no about a stored value, so it is given only where it cannot leak one: for fields declared
 * checkable (`unique` or `duplicateCheck`, or kept unique by the domain: hooks `uniqueFields`, e.g. a user's
 * username, phone, e-mail and work number, a role's code), never for a secret (password) nor a field the caller is
 * not shown (a masked ID card, a fee withheld on some rows), and only among the rows the caller may read, in the
 * caller's tenant, leaving out `dataId` (the record being edited).
 */
import type { FastifyInstance } from 'fastify';
import { permissionCode } from '../../src/contracts/entity.ts';
import type { AppContext } from '../context.ts';
import { fail, ok } from '../core/envelope.ts';
import { PermissionError } from '../core/errors.ts';
import { requireCaller } from '../auth/guard.ts';
import { findDuplicate } from './repository.ts';
import { isSecretProperty } from './field-types.ts';
import { hooksOf } from './hooks.ts';
import { readScopeConditions } from './data-scope.ts';
import { fieldVisibility } from './field-visibility.ts';

interface DuplicateQuery {
  tableName?: string;
  fieldName?: string;
  fieldVal?: string;
  dataId?: string;
}

export const NOT_CHECKABLE = '不支持校验该字段';

export function registerDuplicateRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get<{ Querystring: DuplicateQuery }>(`${prefix}/sys/duplicate/check`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const { tableName = '', fieldName = '', fieldVal = '', dataId } = request.query;
    // A recycle bin (storage.deletedRows) shares its table with the entity whose deleted rows it shows.
    const entity = ctx.entities.find((e) => e.schema.table === tableName && !e.schema.storage?.deletedRows);
    const property = entity
      ? Object.keys(entity.schema.fields).find((name) => name === fieldName || entity.columns.get(name) === fieldName)
      : undefined;
    const field = property ? entity?.schema.fields[property] : undefined;
    // One answer for unknown tables, fields and secrets (a password is never compared, whoever asks): the endpoint
    // does not describe the schema to strangers.
    if (!entity || !property || !field || isSecretProperty(entity, property)) return fail(NOT_CHECKABLE);
    if (!caller.permissions.has(permissionCode(entity.schema, 'list'))) throw new PermissionError();
    const keptUnique = hooksOf(ctx, entity).uniqueFields?.includes(property) ?? false;
    if (!field.unique && !field.duplicateCheck && !keptUnique) return fail(NOT_CHECKABLE);
    const visibility = fieldVisibility(entity, caller);
    if (visibility.hidden.has(property) || visibility.withheld.has(property)) return fail(NOT_CHECKABLE);
    if (fieldVal.trim() === '') return { ...ok(null, '数据为空,不作处理！'), code: 500 };
    const scope = await readScopeConditions(ctx.db, entity, caller, request.log);
    const taken = await findDuplicate(ctx.db, entity, caller.tenantId, property, fieldVal.trim(), dataId || undefined, scope);
    return taken ? fail('该值不可用，系统中已存在！') : ok(null, '该值可用！');
  });
}

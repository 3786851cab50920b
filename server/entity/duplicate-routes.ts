/**
 * `GET /sys/duplicate/check` (contract §6.1): is a value already taken? JeecgBoot pasted `tableName` and
 * `fieldName` into SQL (§9 row 1). Here both are looked up in the entity schemas — the table must be an entity's
 * table, the field one of its declared fields — and only identifiers from that allow-list reach SQL. The caller
 * must be allowed to list that entity, and only the caller's tenant is searched.
 */
import type { FastifyInstance } from 'fastify';
import { permissionCode } from '../../src/contracts/entity.ts';
import type { AppContext } from '../context.ts';
import { fail, ok } from '../core/envelope.ts';
import { PermissionError } from '../core/errors.ts';
import { requireCaller } from '../auth/guard.ts';
import { findDuplicate } from './repository.ts';

interface DuplicateQuery {
  tableName?: string;
  fieldName?: string;
  fieldVal?: string;
  dataId?: string;
}

export function registerDuplicateRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get<{ Querystring: DuplicateQuery }>(`${prefix}/sys/duplicate/check`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const { tableName = '', fieldName = '', fieldVal = '', dataId } = request.query;
    // Engine entities only: system tables (managedBy server) have their own checks, e.g. /sys/user/checkOnlyUser.
    const entity = ctx.entities.find((e) => e.schema.table === tableName && e.schema.managedBy !== 'server');
    const property = entity
      ? Object.keys(entity.schema.fields).find((name) => name === fieldName || entity.columns.get(name) === fieldName)
      : undefined;
    // One answer for unknown tables and fields alike: the endpoint does not describe the schema to strangers.
    if (!entity || !property) return fail('不支持校验该字段');
    if (!caller.permissions.has(permissionCode(entity.schema, 'list'))) throw new PermissionError();
    if (fieldVal.trim() === '') return { ...ok(null, '数据为空,不作处理！'), code: 500 };
    const taken = await findDuplicate(ctx.db, entity, caller.tenantId, property, fieldVal.trim(), dataId || undefined);
    return taken ? fail('该值不可用，系统中已存在！') : ok(null, '该值可用！');
  });
}

/**
 * Tenants (`/sys/tenant`, contract §6.10). Tenants are platform-wide rows (like roles), so `system:tenant:*` is a
 * platform administrator's permission. A user belongs to tenants through `sys_user.rel_tenant_ids`; a tenant is
 * valid while `status` is 1 (0 = frozen) and today lies within `beginDate`…`endDate` (either may be empty).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { FieldError, Page, WireRecord } from '../../../src/contracts/envelope.ts';
import { normaliseRecord } from '../../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { inTenant as userInTenant } from '../../../field-types/user/server.ts';
import { buildFilters, buildOrder, pageParams, type QueryParams } from '../../entity/query.ts';
import { applyDefaults, validate } from '../../entity/validation.ts';
import { bodyOf, idList } from '../../domains/system/depart-store.ts';
import { text } from '../../domains/system/values.ts';

const P = 'system:tenant';
/** Largest tenant id accepted from a client (PostgreSQL integer). */
const MAX_TENANT_ID = 2_147_483_647;

const WIRE_SELECT = sql`id, name, begin_date as "beginDate", end_date as "endDate", cast(status as varchar) as status,
  create_by as "createBy", create_time as "createTime", update_by as "updateBy", update_time as "updateTime"`;

/** SQL: the tenant row is usable today (status 1 and within its dates), in the database session's time zone. */
export const TENANT_VALID = sql<boolean>`(status = 1 and (begin_date is null or begin_date <= current_date)
  and (end_date is null or end_date >= current_date))`;

type Where = RawBuilder<unknown>;

export function registerTenantRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/tenant`;
  const entity = ctx.entities.find((e) => e.schema.name === 'sysTenant')!;
  // sys_tenant's id and status are integer columns (the schema knows the usual string id and a dictionary string):
  // list filters compare them as numbers, so a value past integer is refused before SQL instead of failing it.
  const filterTypes = new Map(entity.types).set('id', 'integer').set('status', 'integer');
  const filterable = { ...entity, types: filterTypes };

  async function select(where: Where[], order: Where, limit: number, offset = 0): Promise<WireRecord[]> {
    const { rows } = await sql<WireRecord>`select ${WIRE_SELECT} from sys_tenant
      where ${where.length ? sql.join(where, sql` and `) : sql`true`} order by ${order} limit ${limit} offset ${offset}`.execute(ctx.db);
    return rows.map((row) => ({ ...row, status_dictText: ctx.dicts.text('tenant_status', row.status) }));
  }

  /** The tenant fields of a body, validated like the form, with the date order checked. */
  function tenantValues(body: Record<string, unknown>) {
    // JeecgBoot clients send the status as a number; the dictionary's values are strings.
    const status = typeof body.status === 'number' ? String(body.status) : body.status;
    const record = normaliseRecord(entity.schema, { ...body, status });
    applyDefaults(entity, record);
    validate(ctx, entity, record);
    const begin = record.beginDate as string | undefined;
    const end = record.endDate as string | undefined;
    if (begin && end && begin > end) throw new ValidationError([{ field: 'endDate', message: '结束时间不能早于开始时间' }]);
    return { name: String(record.name), begin_date: begin ?? null, end_date: end ?? null, status: Number(record.status) };
  }

  app.get<{ Querystring: QueryParams }>(`${base}/list`, { config: { permission: `${P}:list` } }, async (request) => {
    // sys_tenant has no sys_org_code (schema storage.lacks): the entity knows no such column to filter on.
    const params = request.query;
    const where = buildFilters(filterable, params);
    const { pageNo, pageSize } = pageParams(params);
    const records = await select(where, buildOrder(entity, params), pageSize, (pageNo - 1) * pageSize);
    const { rows } = await sql<{ total: number }>`select count(*)::int as total from sys_tenant
      where ${where.length ? sql.join(where, sql` and `) : sql`true`}`.execute(ctx.db);
    const total = Number(rows[0]?.total ?? 0);
    const page: Page<WireRecord> = {
      records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize),
      orders: [], optimizeCountSql: true, searchCount: true, countId: null, maxLimit: null,
    };
    return ok(page);
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: `${P}:list` } }, async (request) => {
    const id = Number(text(request.query.id));
    const [record] = Number.isInteger(id) && id > 0 && id <= MAX_TENANT_ID ? await select([sql`id = ${id}`], sql`id`, 1) : [];
    if (!record) throw new BusinessError('未找到对应租户');
    return ok(record);
  });

  app.get<{ Querystring: { ids?: string } }>(`${base}/queryList`, { config: { permission: `${P}:list` } }, async (request) => {
    const ids = idList(request.query.ids).map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_TENANT_ID);
    if (text(request.query.ids) && ids.length === 0) return ok([]);
    return ok(await select(ids.length ? [sql`id in (${sql.join(ids)})`] : [], sql`id`, 1000));
  });

  app.post(`${base}/add`, { config: { permission: `${P}:add` } }, async (request) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const values = tenantValues(body);
    const asked = text(body.id);
    const given = asked ? Number(asked) : undefined;
    if (given !== undefined && !(Number.isInteger(given) && given > 0 && given <= MAX_TENANT_ID)) {
      throw new ValidationError([{ field: 'id', message: '租户编号应为正整数' }]);
    }
    const id = await ctx.db.transaction().execute(async (tx) => {
      // Serialises concurrent adds so two never pick the same next id.
      await sql`lock table sys_tenant in share row exclusive mode`.execute(tx);
      let chosen = given;
      if (chosen === undefined) {
        const { rows } = await sql<{ next: number }>`select coalesce(max(id), 0) + 1 as next from sys_tenant`.execute(tx);
        chosen = Number(rows[0].next);
      } else if (await tx.selectFrom('sys_tenant').select('id').where('id', '=', chosen).executeTakeFirst()) {
        throw new ValidationError([{ field: 'id', message: `租户编号${chosen}已存在` }]);
      }
      await tx.insertInto('sys_tenant').values({ id: chosen, ...values, create_by: caller.username }).execute();
      return chosen;
    });
    return ok({ id }, '添加成功！');
  });

  const edit = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const id = Number(text(body.id));
    const values = tenantValues(body);
    if (!(Number.isInteger(id) && id > 0 && id <= MAX_TENANT_ID)) throw new BusinessError('未找到对应租户');
    await ctx.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('sys_tenant')
        .set({ ...values, update_by: caller.username, update_time: sql<string>`now()` as unknown as string })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new BusinessError('未找到对应租户');
      // Freezing (or ending) the tenant this very request acts in would lock the administrator out mid-way.
      if (id === caller.tenantId) {
        const { rows } = await sql<{ valid: boolean }>`select ${TENANT_VALID} as valid from sys_tenant where id = ${id}`.execute(tx);
        if (!rows[0]?.valid) throw new BusinessError('不能冻结当前所在的租户，请切换到其他租户后再操作');
      }
    });
    return ok(null, '修改成功!');
  };
  app.put(`${base}/edit`, { config: { permission: `${P}:edit` } }, edit);
  app.post(`${base}/edit`, { config: { permission: `${P}:edit` } }, edit);

  const remove = (idsOf: (request: FastifyRequest) => string) => async (request: FastifyRequest) => {
    const raw = idList(idsOf(request));
    const ids = raw.map(Number);
    if (ids.length === 0) throw new BusinessError('请选择要删除的租户');
    if (!ids.every((n) => Number.isInteger(n) && n > 0 && n <= MAX_TENANT_ID)) throw new BusinessError('未找到对应租户');
    await ctx.db.transaction().execute(async (tx) => {
      const tenants = await tx.selectFrom('sys_tenant').select(['id', 'name']).where('id', 'in', ids).forUpdate().execute();
      if (tenants.length !== ids.length) throw new BusinessError('未找到对应租户');
      const errors: FieldError[] = [];
      for (const tenant of tenants) {
        const { total } = await tx
          .selectFrom('sys_user')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where(userInTenant(tenant.id))
          .executeTakeFirstOrThrow();
        if (Number(total) > 0) errors.push({ field: 'id', message: `租户“${tenant.name}”下还有${Number(total)}名用户，请先将用户移出该租户` });
      }
      if (errors.length > 0) throw new BusinessError(errors[0].message, 500, errors);
      // Its departments are unreachable without the tenant (their user links and permissions cascade).
      await tx.deleteFrom('sys_depart').where('tenant_id', 'in', ids).execute();
      await tx.deleteFrom('sys_tenant').where('id', 'in', ids).execute();
    });
    return ok(null, '删除成功!');
  };
  const oneId = (request: FastifyRequest) => text((request.query as { id?: unknown }).id) || text(bodyOf(request.body).id);
  const manyIds = (request: FastifyRequest) => text((request.query as { ids?: unknown }).ids) || text(bodyOf(request.body).ids);
  app.delete(`${base}/delete`, { config: { permission: `${P}:delete` } }, remove(oneId));
  app.post(`${base}/delete`, { config: { permission: `${P}:delete` } }, remove(oneId));
  app.delete(`${base}/deleteBatch`, { config: { permission: `${P}:delete` } }, remove(manyIds));
  app.post(`${base}/deleteBatch`, { config: { permission: `${P}:delete` } }, remove(manyIds));

  // The caller's own valid tenants (to pick one in the header); any logged-in user, their own data only.
  app.get(`${base}/getCurrentUserTenant`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const mine = idList(caller.relTenantIds).map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_TENANT_ID);
    const list = mine.length ? await select([sql`id in (${sql.join(mine)})`, TENANT_VALID], sql`id`, 1000) : [];
    return ok({ list, tenantId: caller.tenantId });
  });
}

/**
 * Platform configuration (freight-domain §1.21 subset; schema schemas/entities/system/hy-config.entity.json,
 * managedBy server): stored as one jsonb row of hy_setting (id `hyconfig`), platform-wide like the branding row.
 * - `GET /hyconfig/hyConfig/cfg`: any signed-in user; what the client reads after login (stored values over the
 *   schema's defaults). Holds no secrets.
 * - 平台设置 screen: `list` / `queryById` show the single row (id `hyconfig`), `edit` validates with the schema's
 *   own rules and replaces the stored values.
 * Reading the row is the engine's (server/entity/config-defaults.ts): `configDefault` fields take their defaults from it.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import { normaliseRecord } from '../../src/contracts/validation/entity-json-schema.ts';
import { ok } from '../core/envelope.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import { recordErrors } from '../entity/validation.ts';
import { presentRows } from '../entity/repository.ts';
import { CONFIG_ROW_ID, readPlatformConfig } from '../entity/config-defaults.ts';

export function registerHyConfigRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const entity = ctx.entities.find((e) => e.schema.name === 'hyConfig');
  if (!entity) throw new Error('schemas/entities/system/hy-config.entity.json is missing');
  const base = `${prefix}${entity.schema.api}`;
  const code = (action: string) => `${entity.schema.permissionPrefix}:${action}`;
  const row = async (): Promise<WireRecord> =>
    presentRows(entity, ctx.dicts, [{ id: CONFIG_ROW_ID, ...(await readPlatformConfig(ctx, entity)) } as WireRecord], false)[0];

  app.get(`${base}/cfg`, { config: { authenticated: true } }, async () => ok(await readPlatformConfig(ctx, entity)));

  app.get(`${base}/list`, { config: { permission: code('list') } }, async () => {
    const records = [await row()];
    return ok({ records, total: 1, size: 10, current: 1, pages: 1, orders: [], optimizeCountSql: true, searchCount: true, countId: null, maxLimit: null });
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: code('list') } }, async (request) => {
    if (request.query.id !== CONFIG_ROW_ID) throw new BusinessError('未找到对应数据');
    return ok(await row());
  });

  const edit = async (body: unknown) => {
    const data = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    if (data.id !== undefined && data.id !== CONFIG_ROW_ID) throw new BusinessError('未找到对应数据');
    const fields = Object.fromEntries(Object.keys(entity.schema.fields).filter((k) => Object.hasOwn(data, k)).map((k) => [k, data[k]]));
    // Values left out keep what is stored, so a partial edit cannot blank a setting.
    const record = normaliseRecord(entity.schema, { ...(await readPlatformConfig(ctx, entity)), ...fields });
    for (const [name, value] of Object.entries(record)) if (value === null) delete record[name];
    const errors = recordErrors(ctx, entity, record);
    if (errors.length > 0) throw new ValidationError(errors);
    await sql`insert into hy_setting (id, value, update_time) values (${CONFIG_ROW_ID}, ${JSON.stringify(record)}::jsonb, now())
      on conflict (id) do update set value = excluded.value, update_time = now()`.execute(ctx.db);
    return ok(null, '编辑成功!');
  };
  app.put(`${base}/edit`, { config: { permission: code('edit') } }, async (request) => edit(request.body));
  app.post(`${base}/edit`, { config: { permission: code('edit') } }, async (request) => edit(request.body));
}

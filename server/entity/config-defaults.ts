/**
 * The platform configuration as the engine reads it: one jsonb row of hy_setting (id `hyconfig`) over the schema's
 * defaults (schemas/entities/system/hy-config.entity.json). Fields declared with `configDefault` take their default
 * from it on add and import. The 平台设置 screen and `GET /hyconfig/hyConfig/cfg` (server/settings/hy-config.ts)
 * read and write the same row.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { EntityRuntime } from './registry.ts';

export const CONFIG_ROW_ID = 'hyconfig';

/** The stored configuration over the schema's defaults; only declared fields. */
export async function readPlatformConfig(ctx: AppContext, entity: EntityRuntime): Promise<Record<string, unknown>> {
  const found = await sql<{ value: Record<string, unknown> | string }>`select value from hy_setting where id = ${CONFIG_ROW_ID}`.execute(ctx.db);
  const raw = found.rows[0]?.value;
  const stored = (typeof raw === 'string' ? JSON.parse(raw) : raw ?? {}) as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    const value = Object.hasOwn(stored, name) ? stored[name] : field.default;
    config[name] = value === undefined ? null : value;
  }
  return config;
}

/** The platform configuration when the entity has `configDefault` fields (one read per add or import), else undefined. */
export async function configForDefaults(ctx: AppContext, entity: EntityRuntime): Promise<Record<string, unknown> | undefined> {
  if (!Object.values(entity.schema.fields).some((field) => field.configDefault)) return undefined;
  const config = ctx.entities.find((e) => e.schema.name === 'hyConfig');
  return config ? readPlatformConfig(ctx, config) : undefined;
}

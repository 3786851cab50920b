/**
 * 平台设置 (freight-domain §1.21 subset; schema schemas/entities/system/hy-config.entity.json) on the engine: one row
 * (id `hyconfig`) of hy_config, a platform table its migration owns (migrations.ts). The screen's list, queryById and
 * edit are the engine's (schema rules; a partial edit keeps what is stored). What is the domain's own:
 * - `GET /hyconfig/hyConfig/cfg`: any signed-in user; what the client reads after login (stored values over the
 *   schema's defaults). Holds no secrets.
 * - the values fields' `configDefault` take their defaults from (DomainModule.configDefaults), the same reading.
 */
import type { AppContext } from '../../../context.ts';
import { ok } from '../../../core/envelope.ts';
import type { DomainModule } from '../../../entity/hooks.ts';
import type { EntityRuntime } from '../../../entity/registry.ts';
import { findRow } from '../../../entity/repository.ts';
import { registerSettingsRoutes } from './branding.ts';

export const CONFIG_ROW_ID = 'hyconfig';

function configEntity(ctx: AppContext): EntityRuntime {
  const entity = ctx.entities.find((e) => e.schema.name === 'hyConfig');
  if (!entity) throw new Error('schemas/entities/system/hy-config.entity.json is missing');
  return entity;
}

/** The stored configuration over the schema's defaults; only declared fields (a platform row: any tenant reads it). */
export async function readPlatformConfig(ctx: AppContext): Promise<Record<string, unknown>> {
  const entity = configEntity(ctx);
  const stored = (await findRow(ctx.db, entity, 0, CONFIG_ROW_ID)) ?? {};
  const config: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.schema.fields)) {
    const value = stored[name] ?? field.default;
    config[name] = value === undefined ? null : value;
  }
  return config;
}

export const settingsDomain: DomainModule = {
  name: 'system/settings',
  configDefaults: readPlatformConfig,
  routes(app, ctx, prefix) {
    registerSettingsRoutes(app, ctx, prefix);
    app.get(`${prefix}${configEntity(ctx).schema.api}/cfg`, { config: { authenticated: true } }, async () => ok(await readPlatformConfig(ctx)));
  },
};

/**
 * Defaults from the platform's configuration: fields declared with `configDefault` take their default from the
 * values a domain module supplies (DomainModule.configDefaults, collected on the AppContext by app.ts), on add and
 * import. The engine names no configuration entity or table: without a provider those fields keep their `default`.
 */
import type { AppContext } from '../context.ts';
import type { EntityRuntime } from './registry.ts';

/** The configuration when the entity has `configDefault` fields (one read per add or import), else undefined. */
export async function configForDefaults(ctx: AppContext, entity: EntityRuntime): Promise<Record<string, unknown> | undefined> {
  if (!Object.values(entity.schema.fields).some((field) => field.configDefault)) return undefined;
  return ctx.configDefaults ? ctx.configDefaults(ctx) : undefined;
}

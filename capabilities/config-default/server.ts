/**
 * `configDefault` on the server: a new record (add, import, line items) takes the configured value of a field it
 * leaves out, before the field's own `default`. The values come from the domain module that supplies them
 * (DomainModule.configDefaults, on the AppContext); without one the fields keep their `default`.
 */
import type { CapabilityServer } from '../server-part.ts';
import { configDefaultFields, configuredValues } from './contract.ts';

export const configDefaultServer: CapabilityServer = {
  async defaultsFor(ctx, entity) {
    const fields = configDefaultFields(entity.schema.fields);
    if (fields.length === 0 || !ctx.configDefaults) return undefined;
    const values = configuredValues(fields, await ctx.configDefaults(ctx));
    return (record) => {
      for (const [name, value] of Object.entries(values)) if (record[name] === undefined) record[name] = value;
    };
  },
};

/** `configDefault` in the add form: fields start from the platform configuration (a failed read keeps `default`). */
import type { CapabilityRenderer } from '../renderer-part.ts';
import { configDefaultFields, configuredValues } from './contract.ts';

export const configDefaultRenderer: CapabilityRenderer = {
  addFormDefaults(entity, lookups) {
    const fields = configDefaultFields(entity.fields);
    const read = lookups.platformConfig;
    if (fields.length === 0 || !read) return undefined;
    return async () => configuredValues(fields, await read());
  },
};

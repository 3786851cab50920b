/**
 * Field option `configDefault`: a new record's value from the platform configuration (平台设置). The server part
 * fills it on add, import and line items; the renderer part starts the add form with it. Both pick the values here.
 */
import type { FieldDef } from '../../src/contracts/entity.ts';
import { defineCapability } from '../contract.ts';

declare module '../../src/contracts/entity.ts' {
  interface FieldDef {
    /**
     * A key of the platform configuration (平台设置, `GET /hyconfig/hyConfig/cfg`) whose value a new record takes when
     * the field is left out: the add form starts with it and the server's add and import fill it. `default` remains
     * the fallback (e.g. a customer's 结算方式 from 默认结算方式).
     */
    configDefault?: string;
  }
}

export const configDefault = defineCapability({ name: 'config-default' });

/** The writable fields that declare a configuration key. */
export function configDefaultFields(fields: Record<string, FieldDef>): Array<[string, FieldDef]> {
  return Object.entries(fields).filter(([, field]) => field.configDefault && !field.readOnly);
}

/** Field → its configured value, for the fields whose key the configuration holds a value for. */
export function configuredValues(fields: Array<[string, FieldDef]>, config: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of fields) {
    const value = config[field.configDefault ?? ''];
    if (value !== undefined && value !== null) values[name] = value;
  }
  return values;
}

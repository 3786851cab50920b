/**
 * Field option `configDefault`: a new record's value from the platform configuration (平台设置). Only its
 * meta-schema fragment, type and lint live here so far: the server's read of the configuration
 * (server/entity/config-defaults.ts, applyDefaults in validation.ts) and the add form's start (EntityForm) are
 * being reworked elsewhere and move in once that settles.
 */
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

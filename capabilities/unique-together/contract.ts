/**
 * `uniqueTogether`: combinations of fields that may appear once per tenant (a vehicle is its plate number *and*
 * plate colour; a driver binds a vehicle once). The server keeps it (server.ts): a unique index, a pre-check on add
 * and edit, and a check across the rows of an import file.
 */
import { defineCapability } from '../contract.ts';

/** Fields whose values together may appear once per tenant (e.g. plate number + plate colour). */
export interface UniqueTogetherDef {
  /** Two or more declared scalar fields; the error is reported on the first. */
  fields: string[];
  /** Message when the combination exists; default `<label>+<label>“<v> / <v>”已存在`. */
  message?: string;
}

declare module '../../src/contracts/entity.ts' {
  interface EntitySchema {
    /** Combinations of fields unique per tenant: a unique index plus a friendly pre-check (single fields use `unique`). */
    uniqueTogether?: UniqueTogetherDef[];
  }
}

export const uniqueTogether = defineCapability({ name: 'unique-together' });

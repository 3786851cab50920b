/**
 * `references` and `copyFrom`: a field holding another entity's id, and fields the server copies from the record it
 * names. Whatever builds on the relation reads it here: the server refuses to delete a record others name and fills
 * the copies (server.ts), screens load a referenced entity's rows only for those who may list them (src/engine
 * asks `referencedEntity`), and operations' `requires` follow it (capabilities/operations, one way).
 */
import type { FieldDef } from '../../src/contracts/entity.ts';
import { defineCapability } from '../contract.ts';

declare module '../../src/contracts/entity.ts' {
  interface FieldDef {
    /** string fields holding another entity's id (its `name`); operations' `requires` and `copyFrom` follow it. */
    references?: string;
    /** Filled by the server from the referenced record on add and when `via` changes; a sent value is ignored. */
    copyFrom?: CopyFrom;
  }
}

export const references = defineCapability({
  name: 'references',
  referencedEntity: (def: FieldDef) => def.references,
});

/** A field the server fills from the record another field references, e.g. driverName from driverId's 司机. */
export interface CopyFrom {
  /** Field of this entity that references the source (declares `references`). */
  via: string;
  /** Field of the referenced entity. */
  field: string;
  /**
   * money fields: the source's amount is for several units, this field of the source says how many (an order's fee
   * covers `truckCount` trucks; each waybill carries one truck's share), half up to the cent.
   */
  perUnit?: string;
}

/** The value a `copyFrom` field takes from its source record (one unit's share with `perUnit`). */
export function copiedValue(copy: CopyFrom, source: Readonly<Record<string, unknown>>): unknown {
  const value = source[copy.field];
  if (!copy.perUnit || value === null || value === undefined || value === '') return value;
  const units = Number(source[copy.perUnit]);
  const amount = Number(value);
  if (!Number.isFinite(amount) || !Number.isInteger(units) || units < 1) return value;
  // In whole cents, so the share is exact: 1000.00 over 3 trucks is 333.33 each.
  return Math.round(Math.round(amount * 100) / units) / 100;
}

/**
 * Field option `countOf` (a carrier's 车辆数): how many rows of another entity name this record, a stored count the
 * database keeps (server.ts installs the triggers). The browser shows it as any read-only integer.
 */
import { defineCapability } from '../contract.ts';

/** The entity (its `name`) whose rows are counted, and its field holding this record's id. */
export interface CountOf {
  entity: string;
  field: string;
}

declare module '../../src/contracts/entity.ts' {
  interface FieldDef {
    /**
     * integer fields, readOnly: how many rows of another entity name this record in one of their fields (e.g. a
     * carrier's 车辆数 from vehicles' `carrierId`), kept by a database trigger on every write to those rows.
     */
    countOf?: CountOf;
  }
}

export const countOf = defineCapability({ name: 'count-of' });

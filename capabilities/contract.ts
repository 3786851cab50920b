/**
 * The shared part of a capability (`capabilities/<name>/contract.ts`), seen by the browser and the server alike:
 * its name and what both sides ask of it, beside the functions both decide with and its schema keys' types (see
 * index.ts).
 */
import type { EntitySchema, FieldDef } from '../src/contracts/entity.ts';

export interface CapabilityContract<Name extends string = string> {
  /** The folder's name. */
  readonly name: Name;
  /** Query-form inputs for request parameters the capability's server part filters on (not fields of the entity). */
  queryFields?(entity: EntitySchema): Array<{ field: string; def: FieldDef }>;
}

/** Keeps the literal name, so the registries can spell the RegisteredCapability union. */
export function defineCapability<const Name extends string>(contract: CapabilityContract<Name>): CapabilityContract<Name> {
  return contract;
}

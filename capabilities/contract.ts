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
  /**
   * Permission codes beyond the CRUD actions' (an operation's button): each gets a button row under the entity's
   * page, granted to the roles whose `defaultGrants` list its key.
   */
  permissions?(entity: EntitySchema): Array<{ key: string; code: string; label: string }>;
  /** Entities shown inside this entity's screen (a drawer's, a form's): their permission rows hang under its page. */
  shownInside?(entity: EntitySchema): string[];
  /** The entity whose rows a field's values name (its picker lists them), or undefined. */
  referencedEntity?(def: FieldDef): string | undefined;
}

/** Keeps the literal name, so the registries can spell the RegisteredCapability union. */
export function defineCapability<const Name extends string>(contract: CapabilityContract<Name>): CapabilityContract<Name> {
  return contract;
}

/**
 * The shared part of a capability (`capabilities/<name>/contract.ts`), seen by the browser and the server alike:
 * its name, and beside it the functions both sides decide with and its schema keys' types (see index.ts).
 */
export interface CapabilityContract<Name extends string = string> {
  /** The folder's name. */
  readonly name: Name;
}

/** Keeps the literal name, so the registries can spell the RegisteredCapability union. */
export function defineCapability<const Name extends string>(contract: CapabilityContract<Name>): CapabilityContract<Name> {
  return contract;
}

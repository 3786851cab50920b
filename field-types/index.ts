/**
 * The field types both engines know, by their shared parts (contract.ts), in the order the meta-schema lists them.
 * Adding a type: its folder plus one line here; the compiler then asks for its lines in server.ts and renderers.ts.
 */
import type { FieldType } from '../src/contracts/entity.ts';
import type { FieldTypeContract } from './contract.ts';
import { coordinatesType } from './coordinates/contract.ts';

export const FIELD_TYPES = [coordinatesType] as const satisfies readonly FieldTypeContract<FieldType>[];

/** The names of the types registered here. */
export type RegisteredFieldType = (typeof FIELD_TYPES)[number]['name'];

const BY_NAME = new Map<string, FieldTypeContract>(FIELD_TYPES.map((type) => [type.name, type]));

export function fieldTypeContract(name: string): FieldTypeContract | undefined {
  return BY_NAME.get(name);
}

/** Every format the registered value schemas name, as string predicates. */
export function fieldTypeFormats(): Record<string, (value: string) => boolean> {
  return Object.assign({}, ...FIELD_TYPES.map((type) => type.formats ?? {}));
}

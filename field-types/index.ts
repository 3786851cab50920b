/**
 * The field types both engines know, by their shared parts (contract.ts), in the order the meta-schema lists them.
 * FieldType (src/contracts/entity.ts) is spelled from this list. Adding a type: its folder plus one line here; the
 * compiler then asks for its lines in server.ts and renderers.ts.
 */
import type { FieldDef } from '../src/contracts/entity.ts';
import { partOf, type FieldTypeContract } from './contract.ts';
import { stringType } from './string/contract.ts';
import { textType } from './text/contract.ts';
import { integerType } from './integer/contract.ts';
import { numberType } from './number/contract.ts';
import { moneyType } from './money/contract.ts';
import { dateType } from './date/contract.ts';
import { datetimeType } from './datetime/contract.ts';
import { booleanType } from './boolean/contract.ts';
import { imageType } from './image/contract.ts';
import { fileType } from './file/contract.ts';
import { tagsType } from './tags/contract.ts';
import { passwordType } from './password/contract.ts';
import { secretType } from './secret/contract.ts';
import { richtextType } from './richtext/contract.ts';
import { coordinatesType } from './coordinates/contract.ts';
import { departmentType } from './department/contract.ts';
import { userType } from './user/contract.ts';
import { rowsType } from './rows/contract.ts';

export const FIELD_TYPES = [
  stringType,
  textType,
  integerType,
  numberType,
  moneyType,
  dateType,
  datetimeType,
  booleanType,
  imageType,
  fileType,
  tagsType,
  passwordType,
  secretType,
  richtextType,
  coordinatesType,
  departmentType,
  userType,
  rowsType,
] as const satisfies readonly FieldTypeContract[];

/** The names of the types registered here: the FieldType union. */
export type RegisteredFieldType = (typeof FIELD_TYPES)[number]['name'];

const BY_NAME: Readonly<Record<string, FieldTypeContract>> = Object.fromEntries(FIELD_TYPES.map((type) => [type.name, type]));

/** The shared part of a declared type (the meta-schema admits registered names only). */
export function fieldTypeContract(name: RegisteredFieldType): FieldTypeContract {
  return partOf(BY_NAME, name);
}

/** Every format the registered value schemas name, as string predicates. */
export function fieldTypeFormats(): Record<string, (value: string) => boolean> {
  return Object.assign({}, ...FIELD_TYPES.map((type) => type.formats ?? {}));
}

/** A field whose values are never sent back (its type is secret: passwords). */
export function isSecretField(field: FieldDef | undefined): boolean {
  return field !== undefined && fieldTypeContract(field.type).secret === true;
}

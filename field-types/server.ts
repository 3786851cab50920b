/**
 * The server parts of the field types (server-part.ts), by type name: one line per type, and the compiler asks for
 * each registered type's line. The entity engine reads this list.
 */
import type { FieldType } from '../src/contracts/entity.ts';
import { partOf } from './contract.ts';
import type { FieldTypeServer } from './server-part.ts';
import { stringServer } from './string/server.ts';
import { textServer } from './text/server.ts';
import { integerServer } from './integer/server.ts';
import { numberServer } from './number/server.ts';
import { moneyServer } from './money/server.ts';
import { dateServer } from './date/server.ts';
import { datetimeServer } from './datetime/server.ts';
import { booleanServer } from './boolean/server.ts';
import { imageServer } from './image/server.ts';
import { fileServer } from './file/server.ts';
import { tagsServer } from './tags/server.ts';
import { passwordServer } from './password/server.ts';
import { secretServer } from './secret/server.ts';
import { richtextServer } from './richtext/server.ts';
import { coordinatesServer } from './coordinates/server.ts';
import { departmentServer } from './department/server.ts';
import { userServer } from './user/server.ts';
import { rowsServer } from './rows/server.ts';

export const FIELD_TYPE_SERVERS: Record<FieldType, FieldTypeServer> = {
  string: stringServer,
  text: textServer,
  integer: integerServer,
  number: numberServer,
  money: moneyServer,
  date: dateServer,
  datetime: datetimeServer,
  boolean: booleanServer,
  image: imageServer,
  file: fileServer,
  tags: tagsServer,
  password: passwordServer,
  secret: secretServer,
  richtext: richtextServer,
  coordinates: coordinatesServer,
  department: departmentServer,
  user: userServer,
  rows: rowsServer,
};

export function fieldTypeServer(name: FieldType): FieldTypeServer {
  return partOf(FIELD_TYPE_SERVERS, name);
}

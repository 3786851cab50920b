/**
 * The server parts of the field types (server-part.ts), by type name: one line per type. The entity engine reads
 * this list; a type missing here keeps the engine's built-in handling until it moves into its folder.
 */
import type { RegisteredFieldType } from './index.ts';
import type { FieldTypeServer } from './server-part.ts';
import { coordinatesServer } from './coordinates/server.ts';

export const FIELD_TYPE_SERVERS: Record<RegisteredFieldType, FieldTypeServer> = {
  coordinates: coordinatesServer,
};

export function fieldTypeServer(name: string): FieldTypeServer | undefined {
  return (FIELD_TYPE_SERVERS as Partial<Record<string, FieldTypeServer>>)[name];
}

/**
 * The server part of a field type (`field-types/<type>/server.ts`): how the engine stores a value of it. Parts
 * register in server.ts; the entity engine (server/entity) asks them, never a switch over type names.
 */
import type { FieldDef } from '../src/contracts/entity.ts';

export interface FieldTypeServer {
  /** The column type of an engine-made table (SQL text; only the type's own constants go into it). */
  column(field: FieldDef): string;
}

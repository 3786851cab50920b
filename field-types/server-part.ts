/**
 * The server part of a field type (`field-types/<type>/server.ts`): how the engine stores, filters, imports and
 * checks a value of it. Parts register in server.ts; the entity engine (server/entity) asks them, never a switch
 * over type names. Every member but `column` is optional: a type declares the hooks its values need.
 */
import type { Kysely, RawBuilder } from 'kysely';
import type { FieldDef } from '../src/contracts/entity.ts';
import type { SystemTables } from '../server/db/schema.ts';

/** A list filter's text as the column's value, or what is wrong with it (after the field's label: `的查询条件应为数字`). */
export type FilterValue = { value: unknown } | { error: string };

/** The comparisons of list filters, advanced queries and data rules (`>`, `>=`, `<`, `<=`, `=`, `!=`). */
export type ComparisonRule = 'gt' | 'ge' | 'lt' | 'le' | 'eq' | 'ne';

/** A directory table whose rows the values name (departments, users): checked on write, shown by name in lists. */
/** A spreadsheet column being imported: its field, and whether its header was the property name (not the label). */
export interface SheetColumn {
  field: FieldDef;
  headedByProperty: boolean;
}

export interface DirectoryLookup {
  /** The table read (list caches depend on it). */
  readonly table: string;
  /** The column the stored value names, and the one shown for it. */
  readonly key: string;
  readonly label: string;
  /** The live rows of a tenant. */
  live(tenantId: number): RawBuilder<boolean>;
}

export interface FieldTypeServer {
  /** The column type of an engine-made table (SQL text; only the type's own constants go into it). */
  column(field: FieldDef): string;
  /** A typed value as its column takes it (rows: JSON text for jsonb). */
  toColumn?(value: unknown): unknown;
  /** The column compares as text without a cast (contains filters, search). */
  readonly textColumn?: boolean;
  /** A list filter's text (`bound`: which end of a range it is) as a typed value; absent: the text itself. */
  filterValue?(raw: string, bound: 'begin' | 'end' | 'exact'): FilterValue;
  /**
   * A comparison the type reads its own way (a bare day against a datetime means the whole day), as a condition on
   * `column` with `value` bound; undefined for the engine's `column <op> typed value`.
   */
  comparison?(column: RawBuilder<unknown>, rule: ComparisonRule, value: string): RawBuilder<unknown> | undefined;
  /** A sent string before validation (rich text sanitised); undefined or '' drops the value. */
  clean?(value: string): string | undefined;
  /** A validated value as stored (a password's hash). */
  beforeStore?(value: unknown): Promise<unknown>;
  /** What a value must name in the caller's tenant beyond its JSON Schema (uploaded files); a message when it fails. */
  checkValue?(db: Kysely<SystemTables>, tenantId: number, field: FieldDef, value: unknown): Promise<string | undefined>;
  /** The directory the values name; lists get `<field>_dictText` with their labels. */
  readonly directory?: DirectoryLookup;
  /** Spreadsheet import and export. */
  readonly sheet?: {
    /** A date cell as text (default `YYYY-MM-DD`). */
    dateText?(date: Date): string;
    /**
     * Typed text as the value; the text itself when it does not convert, so validation names it. `column` says how
     * the column was headed: by the field's property name (an outside system's export) or by its label (ours).
     */
    fromText?(text: string, column: SheetColumn): unknown;
    /** A value as its cell. */
    toCell?(value: unknown): string | number | null;
    /** Column width in characters (default from the label). */
    readonly width?: number;
  };
}

/** `integer` on the server: integer; filters must be whole numbers. */
import type { FieldTypeServer } from '../server-part.ts';
import { numberFromText, numericFilter } from '../number/server.ts';
import { INTEGER_COLUMN_MAX } from './contract.ts';

export const integerServer: FieldTypeServer = {
  column: () => 'integer',
  filterValue: (raw) => numericFilter(raw, INTEGER_COLUMN_MAX, true),
  sheet: { fromText: numberFromText },
};

/** `money` on the server: numeric(14,2). */
import type { FieldTypeServer } from '../server-part.ts';
import { numberFromText, numericFilter } from '../number/server.ts';
import { MONEY_COLUMN_MAX } from './contract.ts';

export const moneyServer: FieldTypeServer = {
  column: () => 'numeric(14,2)',
  filterValue: (raw) => numericFilter(raw, MONEY_COLUMN_MAX),
  sheet: { fromText: numberFromText },
};

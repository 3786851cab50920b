/** `money` on the server: numeric(14,2); `importFen` columns of an outside system's export hold whole fen. */
import type { FieldTypeServer } from '../server-part.ts';
import { numberFromText, numericFilter } from '../number/server.ts';
import { fenToYuan } from '../../src/contracts/money.ts';
import { MONEY_COLUMN_MAX } from './contract.ts';

export const moneyServer: FieldTypeServer = {
  column: () => 'numeric(14,2)',
  filterValue: (raw) => numericFilter(raw, MONEY_COLUMN_MAX),
  sheet: {
    // Fen become yuan as decimal text (money takes it as typed), never through a float; our own export holds yuan.
    fromText: (text, column) => (column.field.importFen && column.headedByProperty ? fenToYuan(text) : numberFromText(text)),
  },
};

/** `date` on the server: date; a filter must be a day. */
import { isDate } from '../../src/contracts/validation/formats.ts';
import type { FieldTypeServer } from '../server-part.ts';

export const dateServer: FieldTypeServer = {
  column: () => 'date',
  filterValue: (raw) => (isDate(raw) ? { value: raw } : { error: '的查询条件应为日期（YYYY-MM-DD）' }),
};

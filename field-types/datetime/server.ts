/** `datetime` on the server: timestamptz; a filter day widens to the whole day, spreadsheet dates keep their time. */
import { isDate, isDateTime } from '../../src/contracts/validation/formats.ts';
import type { FieldTypeServer } from '../server-part.ts';

const pad = (n: number) => String(n).padStart(2, '0');

export const datetimeServer: FieldTypeServer = {
  column: () => 'timestamptz',
  filterValue: (raw, bound) => {
    // A bare date widens to the whole day, as JeecgBoot does for _begin/_end.
    if (isDate(raw)) return { value: bound === 'end' ? `${raw} 23:59:59` : `${raw} 00:00:00` };
    if (!isDateTime(raw)) return { error: '的查询条件应为时间（YYYY-MM-DD HH:mm:ss）' };
    return { value: raw };
  },
  sheet: {
    // Spreadsheet dates carry no zone; exceljs reads them as UTC.
    dateText: (value) =>
      `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`,
    width: 20,
  },
};

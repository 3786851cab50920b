/**
 * `datetime` on the server: timestamptz; a filter day widens to the whole day (in ranges and comparisons alike),
 * spreadsheet dates keep their time.
 */
import { sql } from 'kysely';
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
  // A bare day means the whole day: `= d` is within it, `> d` after it, `< d` before it (so `>= 2026-01-01` and
  // `> 2025-12-31` agree).
  comparison: (column, rule, value) => {
    if (!isDate(value)) return undefined;
    const start = `${value} 00:00:00`;
    const end = `${value} 23:59:59`;
    switch (rule) {
      case 'eq': return sql`(${column} >= ${start} and ${column} <= ${end})`;
      case 'ne': return sql`(${column} < ${start} or ${column} > ${end})`;
      case 'gt': return sql`${column} > ${end}`;
      case 'ge': return sql`${column} >= ${start}`;
      case 'lt': return sql`${column} < ${start}`;
      case 'le': return sql`${column} <= ${end}`;
    }
  },
  sheet: {
    // Spreadsheet dates carry no zone; exceljs reads them as UTC.
    dateText: (value) =>
      `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`,
    width: 20,
  },
};

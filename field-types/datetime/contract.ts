/** `datetime`: a moment, `YYYY-MM-DD HH:mm:ss` on the wire, stored as timestamptz. */
import { isDateTime } from '../../src/contracts/validation/formats.ts';
import { defineFieldType } from '../contract.ts';
import { ownFormatMessage } from '../date/contract.ts';

export const datetimeType = defineFieldType({
  name: 'datetime',
  valueSchema: (_field, base) => ({ ...base, type: 'string', format: 'cn-datetime' }),
  formats: { 'cn-datetime': isDateTime },
  message: (field, keyword) => ownFormatMessage(field, keyword, `${field.label}应为时间（YYYY-MM-DD HH:mm:ss）`),
  grid: { cell: 'datetime' },
});

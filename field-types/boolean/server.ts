/** `boolean` on the server: boolean; filters and spreadsheets read 是/否 as well as true/false. */
import type { FieldTypeServer } from '../server-part.ts';

export const booleanServer: FieldTypeServer = {
  column: () => 'boolean',
  filterValue: (raw) => {
    if (raw === 'true' || raw === '1') return { value: true };
    if (raw === 'false' || raw === '0') return { value: false };
    return { error: '的查询条件应为是或否' };
  },
  sheet: {
    fromText: (text) => {
      if (['是', 'true', '1', 'TRUE', 'Y'].includes(text)) return true;
      if (['否', 'false', '0', 'FALSE', 'N'].includes(text)) return false;
      return text;
    },
    toCell: (value) => (value === true ? '是' : '否'),
  },
};

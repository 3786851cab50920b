/** `boolean` in the query form: a 是/否 select. */
import type { FieldTypeView } from '../renderer-part.ts';

export const booleanView: FieldTypeView = {
  queryInput: { options: [{ value: 'true', label: '是' }, { value: 'false', label: '否' }] },
};

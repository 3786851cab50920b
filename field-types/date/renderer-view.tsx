/** `date` in the query form: a range of days. */
import type { FieldTypeView } from '../renderer-part.ts';

export const dateView: FieldTypeView = { queryInput: { range: 'date' } };

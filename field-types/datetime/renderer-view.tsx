/** `datetime` in the query form: a range of days (whole days on the server). */
import type { FieldTypeView } from '../renderer-part.ts';

export const datetimeView: FieldTypeView = { queryInput: { range: 'date' } };

/** `text` in the detail view: long text reads across the whole row. */
import type { FieldTypeView } from '../renderer-part.ts';

export const textView: FieldTypeView = { wideInDetail: true };

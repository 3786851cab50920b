/** `secret` in lists: never shown. */
import type { FieldTypeView } from '../renderer-part.ts';

export const secretView: FieldTypeView = {
  listCell: () => null,
};

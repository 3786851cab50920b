/** `password` in lists: never shown. */
import type { FieldTypeView } from '../renderer-part.ts';

export const passwordView: FieldTypeView = {
  // The server never sends it; should a value ever arrive, it is still not shown.
  listCell: () => null,
};

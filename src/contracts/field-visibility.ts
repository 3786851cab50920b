/**
 * Who sees a privacy-masked field (`mask`: ID card, phone, bank card) in full: only someone who may edit the record.
 * To anyone else it is masked everywhere, and so it is no filter and no sort either — a LIKE on the stored number,
 * or its position in a sorted list, would give back what the mask hides. The server refuses such a filter or sort
 * (server/entity/field-visibility.ts); the screens do not offer it.
 */
import type { FieldDef } from './entity.ts';

export function onlyMaskedFor(field: Pick<FieldDef, 'mask'> | undefined, mayEdit: boolean): boolean {
  return Boolean(field?.mask) && !mayEdit;
}

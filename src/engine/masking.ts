/** Privacy masks for list cells (entity `mask`): the full value stays on the record, only the display is masked. */
import type { FieldDef } from '../contracts/index.ts';

export type MaskKind = NonNullable<FieldDef['mask']>;

export function maskValue(kind: MaskKind, value: string): string {
  switch (kind) {
    case 'id-card':
      return keepEnds(value, 3, 4);
    case 'phone':
      return keepEnds(value, 3, 4);
    case 'bank-card':
      return keepEnds(value, 0, 4);
  }
}

/** Keeps `head` leading and `tail` trailing characters and stars the rest; too-short values are starred whole. */
function keepEnds(value: string, head: number, tail: number): string {
  if (value.length <= head + tail) return '*'.repeat(value.length);
  return value.slice(0, head) + '*'.repeat(value.length - head - tail) + value.slice(value.length - tail);
}

/** `money` in forms: the number input; the schema's multipleOf keeps two decimals. */
import type { FieldTypeRenderer } from '../renderer-part.ts';
import { numberRenderer } from '../number/renderer.tsx';

export const moneyRenderer: FieldTypeRenderer = numberRenderer;

/** `integer` in forms: the number input (typed as text, converted on blur). */
import type { FieldTypeRenderer } from '../renderer-part.ts';
import { numberRenderer } from '../number/renderer.tsx';

export const integerRenderer: FieldTypeRenderer = numberRenderer;

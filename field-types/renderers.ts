/**
 * The renderer parts of the field types (renderer-part.ts), by type name: one line per type. The form renderer reads
 * this list; a type missing here keeps the renderer's built-in input until it moves into its folder.
 */
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { RegisteredFieldType } from './index.ts';
import type { FieldTypeRenderer } from './renderer-part.ts';
import { coordinatesRenderer } from './coordinates/renderer.tsx';

export const FIELD_TYPE_RENDERERS: Record<RegisteredFieldType, FieldTypeRenderer> = {
  coordinates: coordinatesRenderer,
};

export function fieldTypeRenderer(name: string): FieldTypeRenderer | undefined {
  return (FIELD_TYPE_RENDERERS as Partial<Record<string, FieldTypeRenderer>>)[name];
}

/** Every widget the registered types bring, for the form's rjsf widget registry. */
export const FIELD_TYPE_WIDGETS: Record<string, ComponentType<WidgetProps>> = Object.assign(
  {},
  ...Object.values<FieldTypeRenderer>(FIELD_TYPE_RENDERERS).map((part) => part.widgets ?? {}),
);

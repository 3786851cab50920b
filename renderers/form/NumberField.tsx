/**
 * rjsf's NumberField builds a new `Intl.NumberFormat` on every render to learn the locale's decimal separator, so a
 * form with many number fields spends much of its mount there. Ours hands over what rjsf's would: numbers as they
 * come (NumberInputWidget parses on blur) and strings, such as a dictionary value of an integer field, as numbers.
 * It does not keep a half-typed `1.` on screen, which only a widget sending text on every keystroke would need.
 */
import { useCallback } from 'react';
import { asNumber } from '@rjsf/utils';
import type { ErrorSchema, FieldPathList, FieldProps } from '@rjsf/utils';

export function NumberField(props: FieldProps) {
  const { StringField } = props.registry.fields;
  const { onChange } = props;
  const handleChange = useCallback(
    (value: unknown, path: FieldPathList, errorSchema?: ErrorSchema, id?: string) =>
      onChange(typeof value === 'string' ? asNumber(value) : value, path, errorSchema, id),
    [onChange],
  );
  return <StringField {...props} onChange={handleChange} />;
}

/**
 * Rich text field: the Quill editor, loaded only when a form shows such a field so it never weighs on the login
 * screen or the shell. The server sanitises what is saved; what is loaded into the editor is purified here too.
 */
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { placeholderOf, type FieldTypeRenderer } from '../renderer-part.ts';

const QuillEditor = lazy(() => import('./renderer-quill.tsx'));

export function RichTextWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <QuillEditor
        id={props.id}
        value={typeof props.value === 'string' ? props.value : ''}
        placeholder={props.placeholder}
        readOnly={props.disabled || props.readonly}
        onChange={(html) => props.onChange(html)}
      />
    </Suspense>
  );
}

export const richtextRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:widget': 'RichTextWidget', 'ui:placeholder': placeholderOf(field, `请输入${field.label}`) }),
  widgets: { RichTextWidget },
  wideInForm: true,
};

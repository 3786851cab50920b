/**
 * Rich text field: the Quill editor, loaded only when a form shows such a field so it never weighs on the login
 * screen or the shell. The server sanitises what is saved; what is loaded into the editor is purified here too.
 */
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';

const QuillEditor = lazy(() => import('./QuillEditor.tsx'));

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

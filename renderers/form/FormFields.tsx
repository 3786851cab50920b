/**
 * The rjsf form itself, holding the values being typed. Kept apart from the modal (or page card) around it so a
 * keystroke re-renders this component only: the dialog, its footer and the field checks stay as they are. The
 * parent hands in the values to start from (a new one replaces what is shown, e.g. a record loaded for editing)
 * and hears about every change.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Form, Widgets as AntdWidgets } from '@rjsf/antd';
import { getDefaultRegistry } from '@rjsf/core';
import type CoreForm from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_OPTIONS, CUSTOM_FORMATS } from '../../src/contracts/index.ts';
import { EntityFieldTemplate, GridObjectFieldTemplate } from './GridObjectFieldTemplate.tsx';
import { entityWidgets } from './widgets.tsx';
import { PasswordWidget } from '../../field-types/password/renderer.tsx';
import { FIELD_TYPE_FIELDS } from '../../field-types/renderers.ts';
import { useDeferredChanges, withDeferredChange } from './deferred-change.tsx';
import { NumberField } from './NumberField.tsx';

export type FormData = Record<string, unknown>;

/**
 * What FormFields adds to the formContext its widgets see: the current values, and a way to set several fields
 * at once (a popup picker fills its destination fields, a form assist fills what the server worked out).
 */
export interface FormValuesAccess {
  getValues(): FormData;
  patchValues(patch: FormData): void;
}

const templates = { ObjectFieldTemplate: GridObjectFieldTemplate, FieldTemplate: EntityFieldTemplate };
const fields = { ...FIELD_TYPE_FIELDS, NumberField };
// Free-text widgets type into their own state and reach rjsf just after the keystroke (deferred-change.tsx).
const widgets = {
  ...entityWidgets,
  TextWidget: withDeferredChange(getDefaultRegistry().widgets.TextWidget),
  TextareaWidget: withDeferredChange(AntdWidgets.TextareaWidget),
  PasswordWidget: withDeferredChange(PasswordWidget),
};

// One validator for every form: ajv caches compiled schemas on it.
const validator = customizeValidator<FormData>({ customFormats: CUSTOM_FORMATS, ajvOptionsOverrides: AJV_OPTIONS });

export interface FormFieldsProps {
  formRef: RefObject<CoreForm<FormData> | null>;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formContext: object;
  transformErrors: (errors: RJSFValidationError[]) => RJSFValidationError[];
  extraErrors: ErrorSchema<FormData> | undefined;
  /** Values to start from; a different object replaces the values shown. */
  initialData: FormData;
  onValuesChange: (values: FormData, fieldId?: string) => void;
  onSubmit: (event: IChangeEvent<FormData>) => void;
}

export const FormFields = memo(function FormFields(props: FormFieldsProps) {
  // rjsf keeps the typed values in its own state; mirroring them into React state here would re-render the Form
  // from above on every keystroke and make it derive its whole state from props a second time. The latest values
  // sit in a ref and are handed back whenever something else (errors, a loaded record) re-renders this component.
  const values = useRef<FormData>(props.initialData);
  const [startedFrom, setStartedFrom] = useState(props.initialData);
  if (props.initialData !== startedFrom) {
    setStartedFrom(props.initialData);
    values.current = props.initialData;
  }
  const [, rerender] = useState(0);
  const latest = useRef(props);
  latest.current = props;
  const deferred = useDeferredChanges();
  // Typed values still on their way to rjsf count: what is read is what is shown (read while rendering too, so
  // they are merged in rather than flushed), and a patch lands on top of them.
  const getValues = useCallback(() => {
    const typed = deferred.waiting();
    if (typed.size === 0) return values.current;
    return { ...values.current, ...Object.fromEntries([...typed].map(([id, value]) => [id.replace(/^root_/, ''), value])) };
  }, [deferred]);
  const patchValues = useCallback((patch: FormData) => {
    flushSync(deferred.flush);
    values.current = { ...values.current, ...patch };
    latest.current.onValuesChange(values.current);
    // A new formData object makes rjsf take the patched values (the typed ones are already in values.current).
    rerender((n) => n + 1);
  }, [deferred]);
  const formContext = useMemo(
    () => ({ ...props.formContext, getValues, patchValues, deferredChanges: deferred }),
    [props.formContext, getValues, patchValues, deferred],
  );
  // A submit validates what is shown: waiting values are queued ahead of rjsf's own submit update (its onSubmit
  // handler runs after the form element's listeners).
  const { formRef } = props;
  useEffect(() => {
    const element: unknown = formRef.current?.formElement.current;
    if (!(element instanceof HTMLFormElement)) return;
    element.addEventListener('submit', deferred.flush);
    return () => element.removeEventListener('submit', deferred.flush);
  }, [formRef, deferred]);
  return (
    <Form
      ref={props.formRef}
      schema={props.schema}
      uiSchema={props.uiSchema}
      formData={values.current}
      validator={validator}
      widgets={widgets}
      fields={fields}
      templates={templates}
      formContext={formContext}
      transformErrors={props.transformErrors}
      extraErrors={props.extraErrors}
      showErrorList={false}
      noHtml5Validate
      onChange={(event: IChangeEvent<FormData>, id?: string) => {
        const next = event.formData ?? {};
        values.current = next;
        props.onValuesChange(next, id);
      }}
      onSubmit={props.onSubmit}
      onError={() => undefined}
    />
  );
});

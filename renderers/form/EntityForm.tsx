/**
 * The `form` renderer: add/edit one entity record in a modal. The JSON Schema and the messages are the ones the
 * server validates with (src/contracts/validation), so the browser shows exactly the server's sentences; server
 * field errors that still come back are marked inline through `extraErrors`.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Modal, Spin } from 'antd';
import { Form } from '@rjsf/antd';
import type CoreForm from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import {
  AJV_OPTIONS,
  CUSTOM_FORMATS,
  entityWriteSchema,
  fieldMessage,
  normaliseRecord,
  writableFields,
} from '../../src/contracts/index.ts';
import type { EntitySchema, FieldError } from '../../src/contracts/index.ts';
import { useServices } from '../../src/engine/services.tsx';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import type { EntityFormProps } from './types.ts';
import { GridObjectFieldTemplate } from './GridObjectFieldTemplate.tsx';
import type { GridFormContext } from './GridObjectFieldTemplate.tsx';
import { buildUiSchema, recordToFormData } from './ui-schema.ts';
import { entityWidgets } from './widgets.tsx';

type FormData = Record<string, unknown>;

const templates = { ObjectFieldTemplate: GridObjectFieldTemplate };

// One validator for every form: ajv caches compiled schemas on it.
const validator = customizeValidator<FormData>({ customFormats: CUSTOM_FORMATS, ajvOptionsOverrides: AJV_OPTIONS });

/** rjsf/ajv errors → the contract's human sentences for the failing field. */
export function transformErrorsFor(entity: EntitySchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((error) => {
      const field = (error.property ?? '').replace(/^\./, '');
      const params = (error.params ?? {}) as Record<string, unknown>;
      const message = fieldMessage(entity.fields[field], error.name ?? '', params);
      return { ...error, message, stack: message };
    });
}

export function fieldErrorsToErrorSchema(errors: FieldError[] | undefined): ErrorSchema<FormData> | undefined {
  if (!errors || errors.length === 0) return undefined;
  const schema: Record<string, { __errors: string[] }> = {};
  for (const { field, message } of errors) (schema[field] ??= { __errors: [] }).__errors.push(message);
  return schema as ErrorSchema<FormData>;
}

function withoutField(errors: ErrorSchema<FormData>, field: string): ErrorSchema<FormData> | undefined {
  const rest = Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field));
  return Object.keys(rest).length > 0 ? (rest as ErrorSchema<FormData>) : undefined;
}

export default function EntityForm(props: EntityFormProps) {
  return (
    <RendererRoot>
      <EntityFormModal {...props} />
    </RendererRoot>
  );
}

function EntityFormModal({ entity, mode, recordId, open, onClose, onSaved }: EntityFormProps) {
  const { data } = useServices();
  const { message } = App.useApp();
  const formRef = useRef<CoreForm<FormData>>(null);
  const savingRef = useRef(false);
  const [formData, setFormData] = useState<FormData>({});
  const [loading, setLoading] = useState(mode === 'edit' && recordId !== undefined);
  const [loadError, setLoadError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema<FormData>>();

  const schema = useMemo(() => {
    // The object title would repeat the modal title.
    const { title: _title, ...rest } = entityWriteSchema(entity);
    return rest as RJSFSchema;
  }, [entity]);
  const uiSchema = useMemo(() => buildUiSchema(entity), [entity]);
  const transformErrors = useMemo(() => transformErrorsFor(entity), [entity]);
  const formContext = useMemo<GridFormContext>(
    () => ({
      colon: false,
      columns: entity.form.columns === 2 ? 2 : 1,
      wideFields: Object.keys(entity.fields).filter((name) => entity.fields[name].type === 'text'),
    }),
    [entity],
  );

  useEffect(() => {
    if (mode !== 'edit' || recordId === undefined) return;
    let live = true;
    setLoading(true);
    data
      .getOne(entity.api, recordId)
      .then((record) => live && setFormData(recordToFormData(entity, record)))
      .catch((error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [data, entity, mode, recordId]);

  async function save(event: IChangeEvent<FormData>) {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    setExtraErrors(undefined);
    const values = normaliseRecord(entity, event.formData ?? {});
    try {
      const result =
        mode === 'edit' && recordId !== undefined
          ? await data.update(entity.api, recordId, withClearedFields(entity, values))
          : await data.create(entity.api, values);
      onSaved(result.message);
    } catch (error: unknown) {
      const text = error instanceof Error ? error.message : String(error);
      message.error(text);
      setExtraErrors(fieldErrorsToErrorSchema((error as { fieldErrors?: FieldError[] }).fieldErrors));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  function submit() {
    // requestSubmit runs rjsf's own validation, then onSubmit (only when valid).
    const element: unknown = formRef.current?.formElement.current;
    if (element instanceof HTMLFormElement) element.requestSubmit();
  }

  const title = `${mode === 'edit' ? '编辑' : '新增'}${entity.title}`;
  return (
    <Modal
      title={title}
      open={open}
      width={entity.form.width ?? (entity.form.columns === 2 ? 900 : 600)}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: loading || !!loadError }}
      onOk={submit}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {loadError ? (
        <Alert type="error" showIcon title="读取记录失败" description={loadError} />
      ) : loading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : (
        <Form
          ref={formRef}
          schema={schema}
          uiSchema={uiSchema}
          formData={formData}
          validator={validator}
          widgets={entityWidgets}
          templates={templates}
          formContext={formContext}
          transformErrors={transformErrors}
          extraErrors={extraErrors}
          showErrorList={false}
          noHtml5Validate
          onChange={(event: IChangeEvent<FormData>, id?: string) => {
            setFormData(event.formData ?? {});
            // A server complaint about a field is stale once the field changes.
            if (id && extraErrors) setExtraErrors(withoutField(extraErrors, id.replace(/^root_/, '')));
          }}
          onSubmit={(event: IChangeEvent<FormData>) => void save(event)}
          onError={() => undefined}
        />
      )}
    </Modal>
  );
}

/** On edit the server changes only properties present in the body, so a field the user emptied is sent as null. */
function withClearedFields(entity: EntitySchema, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of writableFields(entity)) out[name] = values[name] ?? null;
  return out;
}

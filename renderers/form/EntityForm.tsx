/**
 * The `form` renderer: add/edit one entity record in a modal. The JSON Schema and the messages are the ones the
 * server validates with (src/contracts/validation), so the browser shows exactly the server's sentences; server
 * field errors that still come back are marked inline through `extraErrors`.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Modal, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import type CoreForm from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import {
  entityWriteSchema,
  isConditionWrapper,
  pathMessage,
  normaliseRecord,
  nowDefaults,
  writableFields,
} from '../../src/contracts/index.ts';
import type { EntitySchema, FieldError } from '../../src/contracts/index.ts';
import { fieldTypeRenderer } from '../../field-types/renderers.ts';
import { formLockOf, addFormDefaultLoaders } from '../../capabilities/renderers.ts';
import type { FormLock } from '../../capabilities/renderer-part.ts';
import { newIdempotencyKey } from '../../src/contracts/idempotency.ts';
import { useServices } from '../../src/engine/services.tsx';
import { toastFailure } from '../../src/http/errors.ts';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import type { EntityFormProps } from './types.ts';
import type { GridFormContext } from './GridObjectFieldTemplate.tsx';
import type { TreeParentContext } from './TreeParentWidget.tsx';
import { buildUiSchema, recordToFormData } from './ui-schema.ts';
import { FormFields, type FormData } from './FormFields.tsx';
import { formSchemaFor, mergeErrorSchemas, useFieldChecks } from './field-checks.ts';
import { ChildTables, type ChildTableHandle } from './ChildTables.tsx';
import { FormPreviewSection } from './FormPreview.tsx';

/** rjsf/ajv errors → the contract's human sentences for the failing field. */
export function transformErrorsFor(entity: EntitySchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.filter((error) => !isConditionWrapper(error.name ?? '')).map((error) => {
      const params = (error.params ?? {}) as Record<string, unknown>;
      const { message } = pathMessage(entity, error.property ?? '', error.name ?? '', params);
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

function EntityFormModal({ entity, mode, recordId, open, onClose, onSaved, initialValues }: EntityFormProps) {
  const { data, lookups } = useServices();
  const checks = useFieldChecks(lookups, entity, mode === 'edit' && recordId !== undefined ? String(recordId) : undefined);
  const { message } = App.useApp();
  const formRef = useRef<CoreForm<FormData>>(null);
  const savingRef = useRef(false);
  // One key per opening of the form: a second click, or 确定 again after a lost answer, is the same submission.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // The values to start from; the typed values live in FormFields so a keystroke does not re-render the dialog.
  // Add: `$now` date/datetime fields start at this browser's day or moment (literal defaults come with the schema).
  const [initialData, setInitialData] = useState<FormData>(() =>
    mode === 'add' ? { ...nowDefaults(entity.fields, dayjs().format('YYYY-MM-DD HH:mm:ss')), ...initialValues } : {},
  );
  const [loading, setLoading] = useState(mode === 'edit' && recordId !== undefined);
  const [loadError, setLoadError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema<FormData>>();
  // Line-item grids that loaded (schema `children`); their rows travel in the same add/edit body.
  const childTablesRef = useRef<Map<string, ChildTableHandle>>(new Map());
  // The values typed so far, for a preview (FormFields owns them; it reports each change).
  const typedRef = useRef<FormData>(initialData);

  const schema = useMemo(() => {
    // The object title would repeat the modal title.
    const { title: _title, ...rest } = formSchemaFor(entity, mode);
    return rest as RJSFSchema;
  }, [entity, mode]);
  // A record its state locks (a capability's formLock, e.g. `editWhen`) may change only some fields: a signed waybill's 备注.
  const [lock, setLock] = useState<FormLock>();
  const uiSchema = useMemo(() => buildUiSchema(entity, mode, lock?.editable), [entity, mode, lock]);
  const transformErrors = useMemo(() => transformErrorsFor(entity), [entity]);
  const formContext = useMemo<GridFormContext & TreeParentContext>(
    () => ({
      colon: false,
      columns: entity.form.columns ?? 1,
      wideFields: Object.keys(entity.fields).filter((name) => fieldTypeRenderer(entity.fields[name].type).wideInForm === true),
      parts: entity.form.tabs
        ? { kind: 'tabs', list: entity.form.tabs }
        : entity.form.groups
          ? { kind: 'groups', list: entity.form.groups }
          : undefined,
      entity,
      recordId,
    }),
    [entity, recordId],
  );

  // Add: what the capabilities start a new record with (configDefault's platform values); a failed read keeps `default`.
  const defaultLoaders = useMemo(() => (mode === 'add' ? addFormDefaultLoaders(entity, lookups) : []), [entity, lookups, mode]);
  const [configLoading, setConfigLoading] = useState(defaultLoaders.length > 0);
  useEffect(() => {
    if (defaultLoaders.length === 0) return;
    let live = true;
    Promise.all(defaultLoaders.map((load) => load().catch(() => ({}))))
      .then((parts) => {
        if (!live) return;
        const defaults: FormData = {};
        for (const part of parts) {
          for (const [name, value] of Object.entries(part)) if (initialValues?.[name] === undefined) defaults[name] = value;
        }
        typedRef.current = { ...typedRef.current, ...defaults };
        setInitialData((current) => ({ ...current, ...defaults }));
      })
      .finally(() => live && setConfigLoading(false));
    return () => {
      live = false;
    };
  }, [defaultLoaders, initialValues]);
  const busy = loading || configLoading;

  useEffect(() => {
    if (mode !== 'edit' || recordId === undefined) return;
    let live = true;
    setLoading(true);
    data
      .getOne(entity.api, recordId)
      .then((record) => {
        if (!live) return;
        typedRef.current = recordToFormData(entity, record);
        setLock(formLockOf(entity, record));
        setInitialData(typedRef.current);
      })
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
      // Duplicate and check-rule validators run once more; their messages show inline.
      if (!(await checks.checkAll(values))) return;
      for (const [property, table] of childTablesRef.current) {
        const problem = await table.validate();
        if (problem) {
          message.error(problem);
          return;
        }
        values[property] = table.rows();
      }
      const result =
        mode === 'edit' && recordId !== undefined
          ? await data.update(entity.api, recordId, onlyFields(withClearedFields(entity, values), lock?.editable))
          : entity.idempotencyKey
            ? await data.create(entity.api, values, { idempotencyKey })
            : await data.create(entity.api, values);
      onSaved(result.message);
    } catch (error: unknown) {
      toastFailure(message, error);
      setExtraErrors(fieldErrorsToErrorSchema((error as { fieldErrors?: FieldError[] }).fieldErrors));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  // Stable callbacks for FormFields (a memo component), reading the latest state through refs.
  const latest = useRef({ save, checks, extraErrors });
  latest.current = { save, checks, extraErrors };
  const onSubmit = useCallback((event: IChangeEvent<FormData>) => void latest.current.save(event), []);
  const onValuesChange = useCallback((values: FormData, id?: string) => {
    typedRef.current = values;
    latest.current.checks.onChange(values);
    // A server complaint about a field is stale once the field changes.
    const stale = latest.current.extraErrors;
    if (id && stale) setExtraErrors(withoutField(stale, id.replace(/^root_/, '')));
  }, []);
  const shownErrors = useMemo(() => mergeErrorSchemas(extraErrors, checks.errors), [extraErrors, checks.errors]);

  function submit() {
    // requestSubmit runs rjsf's own validation, then onSubmit (only when valid).
    const element: unknown = formRef.current?.formElement.current;
    if (element instanceof HTMLFormElement) element.requestSubmit();
  }

  const title = `${mode === 'edit' ? '编辑' : '新增'}${entity.title}`;
  const body = loadError ? (
        <Alert type="error" showIcon title="读取记录失败" description={loadError} />
      ) : busy ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : (
        <FormFields
          formRef={formRef}
          schema={schema}
          uiSchema={uiSchema}
          formContext={formContext}
          transformErrors={transformErrors}
          extraErrors={shownErrors}
          initialData={initialData}
          onValuesChange={onValuesChange}
          onSubmit={onSubmit}
        />
      );
  const ready = !busy && !loadError;
  const withChildren = (
    <>
      {ready && lock ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={lock.notice} />
      ) : null}
      {body}
      {ready && !lock && entity.children?.length ? (
        <ChildTables entity={entity} recordId={mode === 'edit' ? recordId : undefined} onHandles={(handles) => (childTablesRef.current = handles)} />
      ) : null}
      {ready && entity.form.preview ? <FormPreviewSection entity={entity} preview={entity.form.preview} values={() => typedRef.current} /> : null}
    </>
  );

  if (entity.form.mode === 'page') {
    // Page mode: the list screen hides its table and shows this card in its place, in the same tab.
    return (
      <Card
        title={title}
        extra={<Button onClick={onClose}>返回</Button>}
        actions={[
          <Space key="buttons">
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={saving} disabled={busy || !!loadError} onClick={submit}>
              确定
            </Button>
          </Space>,
        ]}
      >
        {withChildren}
      </Card>
    );
  }
  return (
    <Modal
      title={title}
      open={open}
      // Line-item grids need room for their columns.
      width={entity.form.width ?? (entity.children?.length ? 1100 : MODAL_WIDTH_BY_COLUMNS[entity.form.columns ?? 1])}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: busy || !!loadError }}
      onOk={submit}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {withChildren}
    </Modal>
  );
}

const MODAL_WIDTH_BY_COLUMNS = [600, 600, 900, 1100, 1300];

/** The body restricted to `names` (a locked record sends its free fields only); all of it without `names`. */
function onlyFields(values: Record<string, unknown>, names: readonly string[] | undefined): Record<string, unknown> {
  return names ? Object.fromEntries(Object.entries(values).filter(([name]) => names.includes(name))) : values;
}

/** On edit the server changes only properties present in the body, so a field the user emptied is sent as null. */
function withClearedFields(entity: EntitySchema, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of writableFields(entity)) out[name] = values[name] ?? null;
  // Line items travel as they are (only grids that loaded put them there).
  for (const child of entity.children ?? []) if (child.property in values) out[child.property] = values[child.property];
  return out;
}

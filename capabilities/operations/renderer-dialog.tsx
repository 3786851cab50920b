/**
 * The dialog of an operation that takes input (e.g. 驳回 with 驳回原因): a small rjsf form whose JSON Schema comes
 * from the entity's own field definitions (operationInputSchema, the one the server validates with), so the
 * browser shows the server's sentences. Loaded lazily: rjsf stays out of the list page's chunk until needed.
 * An operation whose one input is a field its type uploads (image, file: e.g. 上传回单, 上传附件) opens the file-upload popup
 * instead (JeecgBoot's JFilePop, 520 × 200; 未上传任何文件 on an empty 确定): its files become the field's value.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, App, Modal, Typography } from 'antd';
import type CoreForm from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { normaliseRecord } from '../../src/contracts/index.ts';
import type { EntitySchema, FieldDef, FieldError, WireRecord } from '../../src/contracts/index.ts';
import { fieldErrorsToErrorSchema, transformErrorsFor } from '../../renderers/form/EntityForm.tsx';
import { FormFields, type FormData } from '../../renderers/form/FormFields.tsx';
import type { GridFormContext } from '../../renderers/form/GridObjectFieldTemplate.tsx';
import { buildUiSchema } from '../../renderers/form/ui-schema.ts';
import { FileUploadDialog } from '../../renderers/shared/FileUploadDialog.tsx';
import { fieldTypeRenderer } from '../../field-types/renderers.ts';
import { inputFieldDef, operationInputSchema, type OperationDef } from './contract.ts';
import { useEntitySchema } from '../../src/engine/services.tsx';

const NO_VALUES: FormData = {};
const ONE_COLUMN: GridFormContext = { colon: false, columns: 1, wideFields: [] };
const ignoreChange = () => undefined;

export interface OperationDialogProps {
  entity: EntitySchema;
  operation: OperationDef;
  /** Runs the operation with the entered values; a rejection with field errors keeps the dialog open. */
  onSubmit(input: WireRecord): Promise<void>;
  onClose(): void;
}

/** The entity seen through the operation's inputs only, so the form helpers build just these fields. */
function inputEntity(entity: EntitySchema, operation: OperationDef): EntitySchema {
  const fields: Record<string, FieldDef> = {};
  for (const input of operation.input ?? []) fields[input.field] = { ...inputFieldDef(entity, input), readOnly: false };
  // The inputs are what the operation writes: not the add/edit form's read-only state fields (no operations here).
  return { ...entity, fields, tree: undefined, operations: undefined, form: { fields: Object.keys(fields), columns: 1 } };
}

interface UploadInput {
  field: string;
  def: FieldDef;
  accept?: string;
}

/**
 * The entity whose fields the inputs name: this one, or (`inputFrom`) the entity the operation's route adds records
 * of, loaded like any schema; undefined while loading, null when there is none.
 */
function useInputSource(entity: EntitySchema, operation: OperationDef): EntitySchema | null | undefined {
  const source = useEntitySchema(operation.inputFrom);
  return operation.inputFrom ? source : entity;
}

/** The upload field when it is the operation's only input (the lint allows uploads only so): its type says so. */
export function uploadInput(entity: EntitySchema, operation: OperationDef): UploadInput | undefined {
  const inputs = operation.input ?? [];
  if (inputs.length !== 1) return undefined;
  const def = inputFieldDef(entity, inputs[0]);
  const upload = fieldTypeRenderer(def.type).uploadInput;
  return upload ? { field: inputs[0].field, def, accept: upload.accept } : undefined;
}

export default function OperationDialog(props: OperationDialogProps) {
  const source = useInputSource(props.entity, props.operation);
  if (source === undefined) return null;
  if (source === null) {
    return (
      <Modal open title={props.operation.label} footer={null} onCancel={props.onClose}>
        <Alert type="error" showIcon title={`找不到表单配置：${String(props.operation.inputFrom)}`} />
      </Modal>
    );
  }
  const upload = uploadInput(source, props.operation);
  return upload ? <UploadOperationDialog {...props} entity={source} {...upload} /> : <InputOperationDialog {...props} entity={source} />;
}

function UploadOperationDialog({ entity, operation, field, def, accept, onSubmit, onClose }: OperationDialogProps & UploadInput) {
  const { message } = App.useApp();
  const maxCount = def.maxCount ?? 1;

  async function confirm(paths: string[]) {
    if (paths.length > maxCount) {
      message.warning(`${def.label}最多${maxCount}个`);
      return;
    }
    // A refusal was already shown by the runner; the popup stays open with the files for another try.
    await onSubmit({ [field]: paths.join(',') }).catch(() => undefined);
  }

  return (
    <FileUploadDialog
      open
      title={operation.label}
      biz={def.biz ?? entity.table}
      multiple={maxCount > 1}
      accept={accept}
      onOk={(paths) => void confirm(paths)}
      onCancel={onClose}
    />
  );
}

function InputOperationDialog({ entity, operation, onSubmit, onClose }: OperationDialogProps) {
  const formRef = useRef<CoreForm<FormData>>(null);
  const [busy, setBusy] = useState(false);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema<FormData>>();
  const view = useMemo(() => inputEntity(entity, operation), [entity, operation]);
  const schema = useMemo(() => {
    const { title: _title, ...rest } = operationInputSchema(entity, operation);
    return rest as RJSFSchema;
  }, [entity, operation]);
  const uiSchema = useMemo(() => buildUiSchema(view), [view]);
  const transformErrors = useMemo(() => transformErrorsFor(view), [view]);

  async function submit(event: IChangeEvent<FormData>) {
    setBusy(true);
    setExtraErrors(undefined);
    try {
      // The inputs are writable in the view entity, so the form's own trimming and dropping of blanks applies.
      await onSubmit(normaliseRecord(view, event.formData ?? {}) as WireRecord);
    } catch (error: unknown) {
      setExtraErrors(fieldErrorsToErrorSchema((error as { fieldErrors?: FieldError[] }).fieldErrors));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={operation.label}
      open
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: operation.danger }}
      confirmLoading={busy}
      onOk={() => {
        const element: unknown = formRef.current?.formElement.current;
        if (element instanceof HTMLFormElement) element.requestSubmit();
      }}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {operation.confirm ? <Typography.Paragraph>{operation.confirm}</Typography.Paragraph> : null}
      <FormFields
        formRef={formRef}
        schema={schema}
        uiSchema={uiSchema}
        formContext={ONE_COLUMN}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        initialData={NO_VALUES}
        onValuesChange={ignoreChange}
        onSubmit={(event: IChangeEvent<FormData>) => void submit(event)}
      />
    </Modal>
  );
}

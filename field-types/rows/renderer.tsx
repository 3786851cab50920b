/**
 * The form input of a `rows` field: its rows in an editable grid (add, delete, reorder, type), each sub-field a
 * column checked with the same rules the server applies. The value is the rows as a JSON array, without the grid's
 * temporary ids. A value set from outside (a form assist filling the field) starts the grid over with it.
 */
import { useMemo, useRef, useState } from 'react';
import { Typography } from 'antd';
import { deepEquals } from '@rjsf/utils';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import type { FieldDef } from '../../src/contracts/index.ts';
import EditableTable from '../../renderers/editable-table/EditableTable.tsx';
import { fieldColumns, fieldHandlers, wireValue } from '../../renderers/editable-table/from-entity.ts';
import { tempId, type GridRow } from '../../renderers/editable-table/rows.ts';
import type { FieldTypeRenderer } from '../renderer-part.ts';

type Row = Record<string, unknown>;

function toGridRows(value: unknown): GridRow[] {
  return (Array.isArray(value) ? value : []).map((row) => ({ ...(row as Row), id: tempId() }));
}

function toValue(field: FieldDef, rows: readonly GridRow[]): Row[] {
  const sub = field.rowFields ?? {};
  return rows.map((row) => {
    const out: Row = {};
    for (const name of Object.keys(sub)) {
      const value = wireValue(sub[name], row[name]);
      if (value !== undefined) out[name] = value;
    }
    return out;
  });
}

/** Every message in an error schema, in order (a row's messages already say which row). */
function messages(errors: ErrorSchema | undefined): string[] {
  if (!errors) return [];
  const own = (errors as { __errors?: string[] }).__errors ?? [];
  const nested = Object.entries(errors)
    .filter(([key]) => key !== '__errors')
    .flatMap(([, value]) => messages(value as ErrorSchema));
  return [...own, ...nested];
}

export function RowsField(props: FieldProps) {
  // Not `field`: rjsf reads ui:options.field as the name of the field component.
  const field = (props.uiSchema?.['ui:options'] as { rowsOf?: FieldDef } | undefined)?.rowsOf;
  const names = useMemo(() => Object.keys(field?.rowFields ?? {}), [field]);
  const columns = useMemo(() => (field ? fieldColumns(field.rowFields ?? {}, names) : []), [field, names]);
  const handlers = useMemo(() => fieldHandlers({ fields: field?.rowFields ?? {} }), [field]);
  // The last value this grid reported: anything else arriving in formData came from outside.
  const reported = useRef<unknown>(props.formData);
  const [rows, setRows] = useState(() => toGridRows(props.formData));
  // rjsf hands back an equal copy of what the grid reported; only a different value starts the grid over.
  if (props.formData !== reported.current && !deepEquals(props.formData, reported.current)) {
    reported.current = props.formData;
    setRows(toGridRows(props.formData));
  }
  if (!field) return null;
  const shown = [...new Set(messages(props.errorSchema))];
  return (
    <div aria-label={field.label} role="group">
      <Typography.Text strong>
        {props.required && <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>}
        {field.label}
      </Typography.Text>
      <div style={{ marginTop: 8 }}>
        <EditableTable
          columns={columns}
          rows={rows}
          handlers={handlers}
          rowNumber
          rowSelection
          dragSort
          size="small"
          height={240}
          disabled={props.disabled || props.readonly}
          onChange={(next) => {
            const value = toValue(field, next);
            reported.current = value;
            props.onChange(value, props.fieldPathId.path);
          }}
        />
      </div>
      {shown.map((message) => (
        <Typography.Text key={message} type="danger" style={{ display: 'block' }}>
          {message}
        </Typography.Text>
      ))}
    </div>
  );
}

export const rowsRenderer: FieldTypeRenderer = {
  formUi: (field) => ({ 'ui:field': 'RowsField', 'ui:options': { rowsOf: field } }),
  fields: { RowsField },
  wideInForm: true,
};

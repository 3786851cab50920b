/**
 * rjsf widget for fields with `popup` (JeecgBoot's JPopup): a read-only input showing the field's value that opens
 * the report picker; confirming writes every destination field of the form (not only this one) through the
 * form's patchValues (FormFields' formContext), and 清空 empties them all. A popup configured wrongly shows why
 * instead of the control.
 */
import { useState } from 'react';
import { Alert, Button, Input, Space } from 'antd';
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { POPUP_DEFAULTS, popupAssignments, popupCleared, popupConfigProblem, type PopupConfig } from '../../src/contracts/report.ts';
import { PopupModal } from '../report/PopupModal.tsx';
import type { FormValuesAccess } from './FormFields.tsx';

/** A form value for a popup's text: an empty text clears the field rather than storing ''. */
const formValue = (text: string) => (text === '' ? undefined : text);

export function PopupWidget(props: WidgetProps) {
  const [open, setOpen] = useState(false);
  const config = props.options.popup as PopupConfig | undefined;
  const problem = popupConfigProblem(config);
  if (problem || !config) return <Alert type="error" showIcon title={problem} />;

  const form = props.registry.formContext as Partial<FormValuesAccess> | undefined;
  const shownField = config.field && config.field !== props.name ? config.field : undefined;
  const shown = shownField ? form?.getValues?.()[shownField] : props.value;
  const text = shown === undefined || shown === null ? '' : String(shown);
  const locked = props.disabled || props.readonly;

  function write(values: Record<string, string>) {
    const patch = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, formValue(value)]));
    if (form?.patchValues) form.patchValues(patch);
    // Without the form's access (a form that does not provide it) only this field can change.
    else props.onChange(patch[props.name]);
  }

  return (
    <>
      <Space.Compact block>
        <Input
          id={props.id}
          readOnly
          value={text}
          placeholder={props.placeholder || config.placeholder || POPUP_DEFAULTS.placeholder}
          disabled={locked}
          onClick={() => !locked && setOpen(true)}
          suffix={
            text && !locked ? (
              <CloseCircleFilled role="button" aria-label="清空" title="清空" style={{ color: 'rgba(0,0,0,0.25)' }} onClick={(event) => {
                event.stopPropagation();
                write(popupCleared(config));
              }} />
            ) : (
              <span />
            )
          }
        />
        <Button aria-label="选择" icon={<SearchOutlined />} disabled={locked} onClick={() => setOpen(true)} />
      </Space.Compact>
      <PopupModal config={config} open={open} onClose={() => setOpen(false)} onConfirm={(rows) => write(popupAssignments(config, rows))} />
    </>
  );
}

/**
 * The `popup` cell's editor (JeecgBoot's JVxePopupCell): mounting it (the cell becomes the edited one) opens the
 * report picker; confirming writes every destination key into the same row, and the input left in the cell offers
 * 清空 (empties them all) and reopening until the edit ends (Escape, or a click elsewhere once the picker is closed).
 * A popup configured wrongly shows why instead.
 */
import { useState } from 'react';
import { Input } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import type { GridColumn } from '../../src/contracts/grid.ts';
import { POPUP_DEFAULTS, popupAssignments, popupCleared, popupConfigProblem } from '../../src/contracts/report.ts';
import { PopupModal } from '../report/PopupModal.tsx';

export interface PopupCellEditorProps {
  column: GridColumn;
  value: unknown;
  /** Writes several keys of the cell's row. */
  onRowChange(patch: Record<string, unknown>): void;
  onDone(move?: 'down' | 'next' | 'previous' | 'stay'): void;
}

export function PopupCellEditor({ column, value, onRowChange, onDone }: PopupCellEditorProps) {
  const [open, setOpen] = useState(true);
  const config = column.popup;
  const problem = popupConfigProblem(config);
  if (problem || !config) return <PopupProblem text={problem} />;
  const text = value === undefined || value === null ? '' : String(value);
  return (
    <>
      <Input
        size="small"
        readOnly
        aria-label={column.title}
        value={text}
        placeholder={config.placeholder ?? POPUP_DEFAULTS.placeholder}
        onClick={() => setOpen(true)}
        // Focus leaves for the picker while it is open; only a blur after it closed ends the edit.
        onBlur={() => !open && onDone()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onDone('stay');
          } else if (event.key === 'Enter') setOpen(true);
        }}
        suffix={
          text ? (
            <CloseCircleFilled role="button" aria-label="清空" title="清空" style={{ color: 'rgba(0,0,0,0.25)' }} onClick={(event) => {
              event.stopPropagation();
              onRowChange(popupCleared(config));
            }} />
          ) : (
            <span />
          )
        }
      />
      <PopupModal
        config={config}
        open={open}
        onConfirm={(rows) => onRowChange(popupAssignments(config, rows))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function PopupProblem({ text }: { text?: string }) {
  return <span role="alert" style={{ color: '#ff4d4f' }}>{text}</span>;
}

/** What a popup cell shows when configured wrongly (else undefined: it shows its value as text). */
export function popupCellProblem(column: GridColumn) {
  const problem = popupConfigProblem(column.popup);
  return problem ? <PopupProblem text={problem} /> : undefined;
}

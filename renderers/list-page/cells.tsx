/**
 * What one list cell shows, chosen by the field's type. Types with a picture of their own (images, files, and the
 * types other renderers add: tags, users, rich text…) register a renderer in LIST_CELLS; every other type reads as
 * formatted text (engine/format.ts), cut at 25 characters with the whole text in a tooltip.
 */
import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { splitPaths } from '../../src/contracts/index.ts';
import type { EntitySchema, FieldDef, WireRecord } from '../../src/contracts/index.ts';
import { cellText } from '../../src/engine/cells.ts';
import type { DictLookup } from '../../src/engine/cells.ts';
import { ellipsis, TEXT_ELLIPSIS_CHARS } from '../../src/engine/format.ts';
import { FileLinks, ImageThumbs } from '../shared/StoredFiles.tsx';

export interface ListCellProps {
  entity: EntitySchema;
  field: string;
  def: FieldDef | undefined;
  record: WireRecord;
  lookup: DictLookup;
}

export type ListCellRenderer = (props: ListCellProps) => ReactNode;

/** Cell renderers by field type; a type not listed reads as text. */
export const LIST_CELLS: Partial<Record<string, ListCellRenderer>> = {
  image: ({ record, field }) => <ImageThumbs paths={splitPaths(record[field])} />,
  file: ({ record, field }) => <FileLinks paths={splitPaths(record[field])} short />,
};

/** Lets a renderer package add (or replace) the cell of a field type. */
export function registerListCell(type: string, renderer: ListCellRenderer): void {
  LIST_CELLS[type] = renderer;
}

export function TextCell({ text }: { text: string }) {
  const { text: shown, full } = ellipsis(text, TEXT_ELLIPSIS_CHARS);
  if (!full) return <>{shown}</>;
  return (
    <Tooltip title={full}>
      <span>{shown}</span>
    </Tooltip>
  );
}

export function renderListCell(props: ListCellProps): ReactNode {
  const own = props.def ? LIST_CELLS[props.def.type] : undefined;
  if (own) return own(props);
  return <TextCell text={cellText(props.entity, props.field, props.record, props.lookup)} />;
}

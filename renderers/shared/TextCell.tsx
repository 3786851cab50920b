/**
 * Text in a list cell, cut at 25 characters with the whole text in a tooltip: the cell of every type without one of
 * its own, and what the types' and capabilities' cells fall back to.
 */
import { Tooltip } from 'antd';
import { splitList } from '../../src/contracts/index.ts';
import type { WireRecord } from '../../src/contracts/index.ts';
import { ellipsis, TEXT_ELLIPSIS_CHARS } from '../../src/engine/format.ts';

export function TextCell({ text }: { text: string }) {
  const { text: shown, full } = ellipsis(text, TEXT_ELLIPSIS_CHARS);
  if (!full) return <>{shown}</>;
  return (
    <Tooltip title={full}>
      <span>{shown}</span>
    </Tooltip>
  );
}

/** A directory value (department, user) by the name the server translated (`_dictText`), else the stored value. */
export function DirectoryNameCell({ record, field }: { record: WireRecord; field: string }) {
  const translated = record[`${field}_dictText`];
  const text = typeof translated === 'string' && translated !== '' ? translated : splitList(record[field]).join(',');
  return <TextCell text={text} />;
}

/**
 * List cells of the newer field types: tags as antd Tags, departments and users by name (the server's
 * `_dictText`), rich text as a plain-text excerpt, and passwords never. Registered into cells.tsx's table.
 */
import { Tag } from 'antd';
import { htmlToText, splitList } from '../../src/contracts/index.ts';
import { registerListCell, TextCell, type ListCellProps, type ListCellRenderer } from './cells.tsx';

function TagsCell({ record, field }: ListCellProps) {
  const tags = splitList(record[field]);
  if (tags.length === 0) return null;
  return (
    <>
      {tags.map((tag) => (
        <Tag key={tag}>{tag}</Tag>
      ))}
    </>
  );
}

/** A name the server translated, else the stored value itself. */
function NamedCell({ record, field }: ListCellProps) {
  const translated = record[`${field}_dictText`];
  const text = typeof translated === 'string' && translated !== '' ? translated : splitList(record[field]).join(',');
  return <TextCell text={text} />;
}

function RichTextCell({ record, field }: ListCellProps) {
  const value = record[field];
  return <TextCell text={typeof value === 'string' ? htmlToText(value) : ''} />;
}

export const TYPE_CELLS: Record<string, ListCellRenderer> = {
  tags: TagsCell,
  department: NamedCell,
  user: NamedCell,
  richtext: RichTextCell,
  // The server never sends it; should a value ever arrive, it is still not shown.
  password: () => null,
};

for (const [type, renderer] of Object.entries(TYPE_CELLS)) registerListCell(type, renderer);

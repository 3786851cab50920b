/** `richtext` in lists as a plain-text excerpt; in the detail view the sanitised HTML, across the whole row. */
import { htmlToText } from '../../src/contracts/index.ts';
import { TextCell } from '../../renderers/shared/TextCell.tsx';
import { purifyHtml } from '../../renderers/shared/html.ts';
import type { FieldTypeView } from '../renderer-part.ts';

export const richtextView: FieldTypeView = {
  listCell: ({ record, field }) => {
    const value = record[field];
    return <TextCell text={typeof value === 'string' ? htmlToText(value) : ''} />;
  },
  // Reads as its rendering, never as its markup; purified again here although the server sanitised it.
  display: (value) => <div className="detail-richtext" dangerouslySetInnerHTML={{ __html: purifyHtml(typeof value === 'string' ? value : '') }} />,
  wideInDetail: true,
};

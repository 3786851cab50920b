/** `richtext` in the detail view: the sanitised HTML, across the whole row. */
import { purifyHtml } from '../../renderers/shared/html.ts';
import type { FieldTypeView } from '../renderer-part.ts';

export const richtextView: FieldTypeView = {
  // Reads as its rendering, never as its markup; purified again here although the server sanitised it.
  display: (value) => <div className="detail-richtext" dangerouslySetInnerHTML={{ __html: purifyHtml(typeof value === 'string' ? value : '') }} />,
  wideInDetail: true,
};

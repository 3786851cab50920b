/**
 * What one list cell shows, chosen by the field's type: a capability's cell for the type first (a date that warns of
 * expiry), else the type's own (its view part's listCell: thumbnails, links, tags, names), else the formatted text
 * (engine/format.ts), cut at 25 characters with the whole text in a tooltip.
 */
import type { ReactNode } from 'react';
import { cellText } from '../../src/engine/cells.ts';
import { fieldTypeView } from '../../field-types/renderers-view.ts';
import type { ListCellProps } from '../../field-types/renderer-part.ts';
import { capabilityListCell } from '../../capabilities/renderers.ts';
import { TextCell } from '../shared/TextCell.tsx';

export function renderListCell(props: ListCellProps): ReactNode {
  const type = props.def?.type;
  const own = type ? (capabilityListCell(type) ?? fieldTypeView(type).listCell) : undefined;
  if (own) return own(props);
  return <TextCell text={cellText(props.entity, props.field, props.record, props.lookup)} />;
}

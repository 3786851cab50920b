/**
 * Date cells of fields with `expiryWarning` (documents: licences, inspections, permits): the date in orange with
 * 即将到期 within the warning window, in red with 已过期 after it, so lapsed papers stand out before dispatch.
 * Other date fields read as plain text. The list cell of the `date` type, shown instead of the type's own.
 */
import { Space, Tag, Tooltip } from 'antd';
import { cellText } from '../../src/engine/cells.ts';
import { TextCell } from '../../renderers/shared/TextCell.tsx';
import type { ListCellProps } from '../../field-types/renderer-part.ts';
import type { CapabilityRenderer } from '../renderer-part.ts';
import { expiryStatus } from './contract.ts';

/** antd's orange-6 and red-6: the colours of the matching preset Tags. */
const COLORS = { expiring: '#fa8c16', expired: '#f5222d' } as const;

export function ExpiryDateCell(props: ListCellProps & { today?: Date }) {
  const text = cellText(props.entity, props.field, props.record, props.lookup);
  const status = expiryStatus(props.def, props.record[props.field], props.today);
  if (!status || text === '') return <TextCell text={text} />;
  const expired = status.state === 'expired';
  const hint = expired ? `已过期${status.days}天` : status.days === 0 ? '今天到期' : `还有${status.days}天到期`;
  return (
    <Tooltip title={hint}>
      <Space size={4}>
        <span style={{ color: COLORS[status.state] }}>{text}</span>
        <Tag color={expired ? 'red' : 'orange'}>{expired ? '已过期' : '即将到期'}</Tag>
      </Space>
    </Tooltip>
  );
}

export const expiryWarningRenderer: CapabilityRenderer = {
  listCells: { date: (props) => <ExpiryDateCell {...props} /> },
};

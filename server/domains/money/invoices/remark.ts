/**
 * The freight remark an invoice for 货物运输服务 must carry (国家税务总局公告2015年第99号; outside-systems §3.1): 起运地,
 * 到达地, 车种车号 and goods. One waybill: its own; several: the distinct values, the first few named and the rest
 * counted, pointing at the lines (发票明细), as a long list goes to an attached detail list.
 */
export interface RemarkLine {
  startPlace: string;
  endPlace: string;
  vehicleNumber: string;
  goodsName: string;
}

const SHOWN = 3;
const MAX_LENGTH = 2000;

function summary(values: string[], unit: string): string {
  const distinct = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  if (distinct.length === 0) return '—';
  const named = distinct.slice(0, SHOWN).join('、');
  return distinct.length > SHOWN ? `${named}等${distinct.length}${unit}` : named;
}

export function freightRemark(lines: readonly RemarkLine[]): string {
  const parts = [
    `起运地：${summary(lines.map((l) => l.startPlace), '处')}`,
    `到达地：${summary(lines.map((l) => l.endPlace), '处')}`,
    `车种车号：货车 ${summary(lines.map((l) => l.vehicleNumber), '辆')}`,
    `运输货物：${summary(lines.map((l) => l.goodsName), '种')}`,
  ];
  const text = lines.length > 1 ? `运输服务共${lines.length}单；${parts.join('；')}；详见发票明细清单` : parts.join('；');
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

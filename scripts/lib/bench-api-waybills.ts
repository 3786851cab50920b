/**
 * bench:api's waybill scenarios (`--entity hyShippingNote`): the 运单 list with the filters its screen offers —
 * status, shipper (customerId), plate number, a createTime range — sorted by createTime desc, first and deep pages,
 * as platform staff (ops) and as a shipper whose rows the server confines to its customer. Filter values are taken
 * from the seeded data so every scenario returns a full page.
 */
import { LIST_LIMITS } from '../../server/entity/paging.ts';

export const WAYBILL_API = '/jeecg-boot/hyshipping/hyShippingNote';

export interface BenchScenario {
  name: string;
  label: string;
  path: string;
  /** Which signed-in user asks (default the bench's first user). */
  user?: string;
  connections?: number;
}

type ListJson = (query: string, user: string) => Promise<{ records: Array<Record<string, unknown>>; total: number }>;

/** 30 days before `day` (YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

export async function waybillScenarios(listJson: ListJson, pageSize: number): Promise<BenchScenario[]> {
  const deepPage = Math.floor(LIST_LIMITS.maxOffset / pageSize);
  const list = (query: string) => `${WAYBILL_API}/list?pageNo=1&pageSize=${pageSize}${query}`;
  const newest = (await listJson(`pageNo=1&pageSize=${pageSize}`, 'ops')).records;
  const own = (await listJson(`pageNo=1&pageSize=${pageSize}`, 'shipper')).records;
  if (newest.length < pageSize || own.length < pageSize) throw new Error('too few waybills for the bench: seed more rows');
  const customerId = String(own[0].customerId);
  const plate = String(newest[0].vehicleNumber);
  const lastDay = String(newest[0].createTime).slice(0, 10);
  const range = `&createTime_begin=${daysBefore(lastDay, 30)}&createTime_end=${lastDay}`;
  const scenarios: BenchScenario[] = [
    { name: 'page1', label: 'ops: page 1 (20 rows, createTime desc)', path: list(''), user: 'ops' },
    { name: 'status-range', label: 'ops: 已完成 (7) in the last 30 days', path: list(`&shippingStatus=7${range}`), user: 'ops' },
    { name: 'status-signed', label: 'ops: 已签收 (4)', path: list('&shippingStatus=4'), user: 'ops' },
    { name: 'customer', label: 'ops: one shipper (customerId)', path: list(`&customerId=${customerId}`), user: 'ops' },
    { name: 'plate', label: `ops: one plate (vehicleNumber=${plate})`, path: list(`&vehicleNumber=${encodeURIComponent(plate)}`), user: 'ops' },
    // What the screen sends for the plate box (a contains match): no B-tree helps, so the table is scanned.
    { name: 'plate-contains', label: `ops: plate contains (vehicleNumber=*${plate}*, the screen's query)`, path: list(`&vehicleNumber=${encodeURIComponent(`*${plate}*`)}`), user: 'ops' },
    { name: 'deep', label: `ops: deep page ${deepPage} (rows ${(deepPage - 1) * pageSize + 1}–${deepPage * pageSize}, the cap)`, path: `${WAYBILL_API}/list?pageNo=${deepPage}&pageSize=${pageSize}`, user: 'ops' },
    { name: 'shipper-page1', label: 'shipper (own rows only): page 1', path: list(''), user: 'shipper' },
    { name: 'shipper-status-range', label: 'shipper: 已完成 (7) in the last 30 days', path: list(`&shippingStatus=7${range}`), user: 'shipper' },
    { name: 'shipper-deep', label: `shipper: deep page ${deepPage}`, path: `${WAYBILL_API}/list?pageNo=${deepPage}&pageSize=${pageSize}`, user: 'shipper' },
  ];
  return scenarios;
}

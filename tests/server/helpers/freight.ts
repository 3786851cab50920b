/** Freight test fixtures shared by server and browser tests: rows straight into engine tables, and a coal order. */
import type { AppContext } from '../../../server/context.ts';
import { insertRow } from '../../../server/entity/repository.ts';
import { newId } from '../../../server/core/ids.ts';

/** A row straight into an engine table of the demo tenant (the parties' own screens and rules are tested elsewhere). */
export async function insertEntityRow(ctx: AppContext, entity: string, values: Record<string, unknown>): Promise<string> {
  const runtime = ctx.entities.find((e) => e.schema.name === entity)!;
  const id = newId();
  await insertRow(ctx.db, runtime, { id, tenant_id: 1, createBy: 'test', ...values });
  return id;
}

/** An add-order body: one truck of coal from an Ordos mine to Tangshan port. */
export function coalOrder(customerId: string, orderNo: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    orderNo, customerId, orderMode: '1', businessTypeCode: '1002996', goodsName: '动力煤', cargoTypeClassificationCode: '0100', totalWeight: 33,
    loadingName: '鄂尔多斯1号煤矿', loadingContact: '王建国', loadingPhone: '13912345678', loadingAddress: '内蒙古鄂尔多斯市东胜区', loadingAreaCode: '150602',
    unloadingName: '唐山港3号堆场', unloadingContact: '李国强', unloadingPhone: '13812345678', unloadingAddress: '河北省唐山市路北区', unloadingAreaCode: '130203',
    loadTimeStart: '2026-11-22 08:00:00', priceUnit: '1', customerUnitPrice: 220, customerFee: 7260, driverUnitPrice: 200, driverFee: 6600, settleWeightRule: '3', truckCount: 1,
    ...extra,
  };
}

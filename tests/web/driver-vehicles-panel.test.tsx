/**
 * 司机管理 → 绑定车辆: the `child-list` panel shows the driver's bindings (hy-driver-vehicle.entity.json) with the
 * plate from the vehicle table dictionary, for that driver only.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { permissionCode } from '../../src/contracts/index.ts';
import { operationPermission } from '../../capabilities/operations/contract.ts';
import { createEntityCatalog } from '../../src/engine/entity-catalog.ts';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import driverJson from '../../schemas/entities/freight/hy-driver.entity.json';
import bindingJson from '../../schemas/entities/freight/hy-driver-vehicle.entity.json';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

const WAIT = { timeout: 10_000 };
const driverEntity = driverJson as unknown as EntitySchema;
const bindingEntity = bindingJson as unknown as EntitySchema;
const bindOperation = driverEntity.operations!.find((operation) => operation.key === 'vehicles')!;

const drivers: WireRecord[] = [
  { id: 'd1', driverName: '张建国', telephone: '13800138000', reviewStatus: '2', reviewStatus_dictText: '审核通过', createTime: '2026-11-01 08:00:00' },
  { id: 'd2', driverName: '李海军', telephone: '13900139000', reviewStatus: '2', reviewStatus_dictText: '审核通过', createTime: '2026-11-02 08:00:00' },
];
const bindings: WireRecord[] = [
  { id: 'b1', driverId: 'd1', vehicleId: 'v1', vehicleId_dictText: '鲁Q12345', relation: '1', relation_dictText: '本人', isDefault: true, createTime: '2026-11-03 08:00:00' },
  { id: 'b2', driverId: 'd1', vehicleId: 'v2', vehicleId_dictText: '冀B54321', relation: '3', relation_dictText: '车队', isDefault: false, createTime: '2026-11-04 08:00:00' },
];

describe('绑定车辆 panel on the driver list', () => {
  it("lists the driver's vehicles by plate, asking only for that driver's bindings", { timeout: 40_000 }, async () => {
    const data = stubData();
    data.getList.mockImplementation(async (api, query) => {
      if (api !== bindingEntity.api) return { records: drivers, total: drivers.length };
      const driverId = query.filters?.find((filter) => filter.field === 'driverId')?.value;
      const records = bindings.filter((b) => b.driverId === driverId);
      return { records, total: records.length };
    });
    const entities = createEntityCatalog({
      '/schemas/entities/freight/hy-driver.entity.json': async () => driverJson,
      '/schemas/entities/freight/hy-driver-vehicle.entity.json': async () => bindingJson,
    });
    renderWithServices(<ListPage entity={driverEntity} />, {
      data,
      access: accessTo(permissionCode(driverEntity, 'list'), operationPermission(driverEntity, bindOperation), permissionCode(bindingEntity, 'list')),
      entities,
    });
    const user = userEvent.setup();
    await screen.findByText('张建国', undefined, WAIT);
    await user.click(within(screen.getByText('张建国').closest('tr')!).getByRole('button', { name: '绑定车辆' }));
    const drawer = await screen.findByRole('dialog', undefined, WAIT);
    expect(await within(drawer).findByText('鲁Q12345', undefined, WAIT)).toBeInTheDocument();
    expect(within(drawer).getByText('冀B54321')).toBeInTheDocument();
    expect(within(drawer).getByText('本人')).toBeInTheDocument();
    expect(within(drawer).getByText('车队')).toBeInTheDocument();
    expect(data.getList).toHaveBeenCalledWith(bindingEntity.api, expect.objectContaining({ filters: [{ field: 'driverId', op: 'eq', value: 'd1' }] }), expect.anything());
    // Without the binding entity's add code the panel offers no 新增.
    expect(within(drawer).queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
  });
});

/**
 * Document expiry warnings (field option `expiryWarning`) in the vehicle list: a date within the warning window
 * reads orange with 即将到期, a past one red with 已过期, others plain; and the pure rule behind it.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import { permissionCode, type EntitySchema } from '../../src/contracts/index.ts';
import { expiryStatus } from '../../capabilities/expiry-warning/contract.ts';
import vehicleJson from '../../schemas/entities/freight/hy-vehicle.entity.json';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

const vehicleEntity = vehicleJson as unknown as EntitySchema;

/** A local calendar date `days` from today, as the server sends dates. */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const row = (id: string, vehicleNumber: string, inspectionValidTo: string, roadTransportValidTo?: string) => ({
  id,
  vehicleNumber,
  vehiclePlateColorCode: '2',
  vehiclePlateColorCode_dictText: '黄色',
  inspectionValidTo,
  roadTransportValidTo,
  reviewStatus: '2',
  reviewStatus_dictText: '审核通过',
  createTime: '2026-11-01 08:00:00',
});

describe('expiry warnings in list cells', () => {
  it('marks dates within 30 days 即将到期 (orange) and past dates 已过期 (red)', async () => {
    const soon = dayFromToday(10);
    const past = dayFromToday(-3);
    const later = dayFromToday(200);
    const data = stubData({ records: [row('v1', '鲁Q12345', soon, later), row('v2', '冀B54321', past), row('v3', '蒙K11111', later)], total: 3 });
    renderWithServices(<ListPage entity={vehicleEntity} />, { data, access: accessTo(permissionCode(vehicleEntity, 'list')) });

    const first = (await screen.findByText('鲁Q12345')).closest('tr')!;
    const soonCell = within(first).getByText(soon);
    expect(soonCell).toHaveStyle({ color: '#fa8c16' });
    expect(within(first).getByText('即将到期')).toBeInTheDocument();
    // The road-transport certificate of the same vehicle is far from expiry: plain date, no tag.
    expect(within(first).getByText(later)).not.toHaveStyle({ color: '#fa8c16' });
    expect(within(first).getAllByText(/即将到期|已过期/)).toHaveLength(1);

    const second = screen.getByText('冀B54321').closest('tr')!;
    expect(within(second).getByText(past)).toHaveStyle({ color: '#f5222d' });
    expect(within(second).getByText('已过期')).toBeInTheDocument();

    const third = screen.getByText('蒙K11111').closest('tr')!;
    expect(within(third).getByText(later)).toBeInTheDocument();
    expect(within(third).queryByText(/即将到期|已过期/)).not.toBeInTheDocument();
  });

  it('counts calendar days against the field\'s window', () => {
    const def = vehicleEntity.fields.inspectionValidTo;
    const today = new Date(2026, 10, 22, 18, 30);
    expect(expiryStatus(def, '2026-11-21', today)).toEqual({ state: 'expired', days: 1 });
    expect(expiryStatus(def, '2026-11-22', today)).toEqual({ state: 'expiring', days: 0 });
    expect(expiryStatus(def, '2026-12-22', today)).toEqual({ state: 'expiring', days: 30 });
    expect(expiryStatus(def, '2026-12-23', today)).toBeUndefined();
    expect(expiryStatus(def, null, today)).toBeUndefined();
    // Without the option a date never warns.
    expect(expiryStatus(vehicleEntity.fields.registerDate, '2020-01-01', today)).toBeUndefined();
  });
});

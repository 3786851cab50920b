import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { listDictCodes, queryFields } from '../../src/engine/fields.ts';
import { buildFilters, rowKeyOf } from '../../src/engine/list-query.ts';
import { defaultListState, listStateFromSearch, listStateKey, listStateToSearch } from '../../src/engine/list-url.ts';
import { driverEntity } from './fixtures/driver.ts';

describe('list state in the URL', () => {
  it('leaves defaults out, so a list at rest has a bare URL', () => {
    expect(listStateToSearch(driverEntity, defaultListState(driverEntity))).toBe('');
    expect(listStateFromSearch(driverEntity, '')).toEqual(defaultListState(driverEntity));
  });

  it('writes filters, page, page size and sort with the JeecgBoot names and reads them back', () => {
    const state = {
      query: { driverName: '王', reviewStatus: '1', createTime: ['2024-01-01', '2024-01-31'] as [string, string] },
      page: 3,
      pageSize: 20,
      sort: { field: 'driverName', order: 'asc' as const },
    };
    const search = listStateToSearch(driverEntity, state);
    const params = new URLSearchParams(search);
    expect(Object.fromEntries(params)).toEqual({
      driverName: '王',
      reviewStatus: '1',
      createTime_begin: '2024-01-01',
      createTime_end: '2024-01-31',
      pageNo: '3',
      pageSize: '20',
      column: 'driverName',
      order: 'asc',
    });
    expect(listStateFromSearch(driverEntity, search)).toEqual(state);
    expect(listStateKey(driverEntity, listStateFromSearch(driverEntity, search))).toBe(listStateKey(driverEntity, state));
  });

  it('falls back to defaults for what is malformed or not allowed', () => {
    const state = listStateFromSearch(driverEntity, '?pageNo=-2&pageSize=999&column=idCard&order=asc');
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(10);
    // idCard is not a sortable column: the schema's default sort stays.
    expect(state.sort).toEqual({ field: 'createTime', order: 'desc' });
    expect(listStateFromSearch(driverEntity, '?pageNo=abc').page).toBe(1);
  });

  it('keeps parameters the list does not own and drops its own stale ones', () => {
    const next = { ...defaultListState(driverEntity), page: 2 };
    expect(listStateToSearch(driverEntity, next, '?from=dashboard&driverName=旧&pageNo=5')).toBe('?from=dashboard&pageNo=2');
  });
});

describe('row keys', () => {
  it('cut the record id to 50 characters', () => {
    const id = 'x'.repeat(64);
    expect(rowKeyOf({ id })).toBe('x'.repeat(50));
    expect(rowKeyOf({ id: 'd1' })).toBe('d1');
    expect(rowKeyOf({ id: 42 })).toBe('42');
  });
});

describe('document-expiry query (list.expiryQuery)', () => {
  const vehicles = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../schemas/entities/freight/hy-vehicle.entity.json'), 'utf8')) as EntitySchema;

  it('offers 证件状态 in the query form, fed by the cert_expiry_state dictionary', () => {
    const expiry = queryFields(vehicles).find((query) => query.field === 'expiry');
    expect(expiry?.def.label).toBe('证件状态');
    expect(expiry?.def.dict).toBe('cert_expiry_state');
    expect(listDictCodes(vehicles)).toContain('cert_expiry_state');
    // 所属承运商's texts come with each page; its items are loaded by the query select, and only when it is offered.
    expect(listDictCodes(vehicles)).not.toContain('hy_carrier_dict');
    // Lists that do not declare it have no such input.
    const without: EntitySchema = { ...vehicles, list: { ...vehicles.list, expiryQuery: undefined } };
    expect(queryFields(without).some((query) => query.field === 'expiry')).toBe(false);
  });

  it('starts ?state=expiring with the filter, and writes it out as expiry=expiring', () => {
    const state = listStateFromSearch(vehicles, '?state=expiring');
    expect(state.query).toEqual({ expiry: 'expiring' });
    expect(buildFilters(vehicles, state.query)).toEqual([{ field: 'expiry', op: 'eq', value: 'expiring' }]);
    expect(listStateToSearch(vehicles, state)).toBe('?expiry=expiring');
  });
});

/** contracts/list-params.ts: the one place that spells JeecgBoot's list parameters, on the wire and in the address. */
import { describe, expect, it } from 'vitest';
import { criteriaParams, listAddressNames, listRequestParams, pageParams, readListAddress, sortParams, writeListAddress } from '../../src/contracts/list-params.ts';
import type { QueryInput, SuperQuery } from '../../src/contracts/list-params.ts';
import { defaultListState, listStateFromSearch, listStateToSearch } from '../../src/engine/list-url.ts';
import { driverEntity } from './fixtures/driver.ts';

const superQuery: SuperQuery = { matchType: 'or', items: [{ field: 'driverName', rule: 'like', val: '王' }, { field: 'age', rule: 'ge', val: '30' }] };

describe('list request parameters', () => {
  it('sends 高级查询 as superQueryParams JSON with its match type, leaving out empty items', () => {
    const params = listRequestParams({
      page: 1,
      pageSize: 10,
      superQuery: { matchType: 'and', items: [...superQuery.items, { field: 'phone', rule: 'eq', val: ' ' }] },
    });
    expect(params).toEqual({ pageNo: 1, pageSize: 10, superQueryParams: JSON.stringify(superQuery.items), superQueryMatchType: 'and' });
    expect(listRequestParams({ page: 1, pageSize: 10, superQuery: { matchType: 'or', items: [] } })).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('spells paging and sort for the other callers, and an export without paging', () => {
    expect(pageParams(1, 20)).toEqual({ pageNo: 1, pageSize: 20 });
    expect(sortParams({ field: 'sortNo', order: 'asc' })).toEqual({ column: 'sortNo', order: 'asc' });
    expect(sortParams(undefined)).toEqual({});
    expect(criteriaParams({ sort: { field: 'createTime', order: 'desc' }, filters: [{ field: 'name', op: 'eq', value: 'a,b' }] })).toEqual({
      column: 'createTime',
      order: 'desc',
      name: 'a++b',
    });
  });
});

describe('list address', () => {
  const inputs: QueryInput[] = [
    { field: 'driverName', mode: 'like' },
    { field: 'createTime', mode: 'range' },
  ];

  it('writes and reads the same names, 高级查询 included', () => {
    const params = writeListAddress(inputs, { query: { driverName: '王', createTime: ['2024-01-01', undefined] }, page: 2, superQuery });
    expect([...params.keys()]).toEqual(['driverName', 'createTime_begin', 'pageNo', 'superQueryParams', 'superQueryMatchType']);
    const read = readListAddress(inputs, params);
    expect(read).toMatchObject({ query: { driverName: '王', createTime: ['2024-01-01', undefined] }, page: 2, superQuery });
    expect(listAddressNames(inputs, false)).toEqual(
      new Set(['pageNo', 'pageSize', 'column', 'order', 'superQueryParams', 'superQueryMatchType', 'driverName', 'createTime_begin', 'createTime_end']),
    );
  });

  it('ignores a malformed or unknown 高级查询 in the address', () => {
    for (const raw of ['not json', '{"a":1}', '[{"field":"x","rule":"drop table","val":"1"}]', '[{"field":"x","rule":"eq","val":""}]']) {
      expect(readListAddress(inputs, new URLSearchParams({ superQueryParams: raw })).superQuery).toBeUndefined();
    }
  });

  it('keeps 高级查询 in a list state through the URL, and a list without one has the URL it had', () => {
    const state = { ...defaultListState(driverEntity), superQuery };
    const search = listStateToSearch(driverEntity, state);
    expect(new URLSearchParams(search).get('superQueryMatchType')).toBe('or');
    expect(listStateFromSearch(driverEntity, search)).toEqual(state);
    expect(listStateToSearch(driverEntity, defaultListState(driverEntity))).toBe('');
    expect('superQuery' in listStateFromSearch(driverEntity, '?pageNo=2')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../src/contracts/index.ts';
import { cellText } from '../../src/engine/cells.ts';
import { createEntityCatalog } from '../../src/engine/entity-catalog.ts';
import { queryFields } from '../../src/engine/fields.ts';
import { buildFilters, queryValuesFromSearch, resolveSort } from '../../src/engine/list-query.ts';
import { maskValue } from '../../src/engine/masking.ts';
import { ancestorKeys, buildNavigation, buildRoutes, isValidMenu } from '../../src/engine/menu-routes.ts';
import { driverEntity } from './fixtures/driver.ts';

function node(path: string, extra: Partial<MenuNode> = {}): MenuNode {
  return {
    id: path,
    route: '1',
    path,
    name: path.slice(1).replaceAll('/', '-'),
    component: 'layouts/RouteView',
    meta: { keepAlive: false, internalOrExternal: false, title: path, componentName: 'X' },
    ...extra,
  };
}

describe('menu → routes and navigation', () => {
  const menu: MenuNode[] = [
    node('/dashboard/analysis', { component: 'dashboard/Analysis' }),
    node('/wlhy', {
      children: [
        node('/wlhy/hydriver/HyDriverList', { component: 'wlhy/hydriver/HyDriverList' }),
        node('/wlhy/secret', { route: '0', children: [node('/wlhy/secret/child')] }),
        node('/wlhy/detail', { component: 'wlhy/Detail', hidden: true }),
        node('/elsewhere/page', { component: 'x/Page' }),
      ],
    }),
  ];

  it('omits route:"0" subtrees, keeps hidden routes, lifts children outside their parent path', () => {
    const routes = buildRoutes(menu);
    expect(routes.map((r) => r.path)).toEqual(['/dashboard/analysis', '/wlhy', '/elsewhere/page']);
    expect(routes[1].children.map((r) => r.path)).toEqual(['/wlhy/hydriver/HyDriverList', '/wlhy/detail']);
  });

  it('leaves hidden entries out of the navigation and finds the folder of a screen', () => {
    const nav = buildNavigation(menu);
    expect(nav[1].children?.map((item) => item.key)).toEqual(['/wlhy/hydriver/HyDriverList', '/wlhy/secret', '/elsewhere/page']);
    expect(ancestorKeys(nav, '/wlhy/hydriver/HyDriverList')).toEqual(['/wlhy']);
  });

  it('treats an empty or non-array menu as invalid', () => {
    expect(isValidMenu([])).toBe(false);
    expect(isValidMenu(null)).toBe(false);
    expect(isValidMenu(menu)).toBe(true);
  });
});

describe('entity catalog', () => {
  it('maps a menu component to the schema that names it, loading lazily', async () => {
    let loads = 0;
    const catalog = createEntityCatalog({
      '/schemas/entities/freight/hy-driver.entity.json': async () => {
        loads += 1;
        return driverEntity;
      },
    });
    expect(loads).toBe(0);
    expect((await catalog.findByComponent('wlhy/hydriver/HyDriverList'))?.name).toBe('hyDriver');
    expect(await catalog.findByComponent('wlhy/other/Nothing')).toBeUndefined();
    expect(loads).toBe(1);
  });
});

describe('list state', () => {
  it('derives query inputs, including the system createTime as a range and 证件状态 (list.expiryQuery) last', () => {
    expect(queryFields(driverEntity).map((q) => `${q.field}:${q.mode}`)).toEqual([
      'driverName:like',
      'telephone:like',
      'idCard:like',
      'reviewStatus:eq',
      'vehicleClass:eq',
      'createTime:range',
      'expiry:eq',
    ]);
  });

  it('turns form values into filters and URL parameters into form values', () => {
    expect(
      buildFilters(driverEntity, { driverName: ' 张 ', reviewStatus: '1', createTime: ['2024-01-01', undefined], telephone: '' }),
    ).toEqual([
      { field: 'driverName', op: 'contains', value: '张' },
      { field: 'reviewStatus', op: 'eq', value: '1' },
      { field: 'createTime', op: 'between', value: ['2024-01-01', undefined] },
    ]);
    expect(queryValuesFromSearch(driverEntity, new URLSearchParams('reviewStatus=1&unknown=2&createTime_begin=2024-02-01'))).toEqual({
      reviewStatus: '1',
      createTime: ['2024-02-01', undefined],
    });
  });

  it('sorts only by sortable columns, else by the default sort', () => {
    expect(resolveSort(driverEntity, 'driverName', 'asc')).toEqual({ field: 'driverName', order: 'asc' });
    expect(resolveSort(driverEntity, 'idCard', 'asc')).toEqual({ field: 'createTime', order: 'desc' });
    expect(resolveSort(driverEntity, undefined, undefined)).toEqual({ field: 'createTime', order: 'desc' });
  });
});

describe('cells', () => {
  it('masks id cards, phones and bank cards', () => {
    expect(maskValue('id-card', '11010519491231002X')).toBe('110***********002X');
    expect(maskValue('phone', '13800138000')).toBe('138****8000');
    expect(maskValue('bank-card', '6222021234567890123')).toBe('***************0123');
  });

  it('prefers the server dict text and falls back to the dictionary', () => {
    const lookup = (code: string, value: unknown) => (code === 'review_status' && value === '2' ? '审核通过' : undefined);
    expect(cellText(driverEntity, 'reviewStatus', { reviewStatus: '2', reviewStatus_dictText: '已通过' }, lookup)).toBe('已通过');
    expect(cellText(driverEntity, 'reviewStatus', { reviewStatus: '2' }, lookup)).toBe('审核通过');
    expect(cellText(driverEntity, 'idCard', { idCard: '11010519491231002X' }, lookup)).toBe('110***********002X');
    expect(cellText(driverEntity, 'createTime', { createTime: '2024-01-02 03:04:05' }, lookup)).toBe('2024-01-02 03:04:05');
  });
});

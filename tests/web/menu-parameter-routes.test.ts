/**
 * Issue 24: report pages are menu links (`route:"0"`) opened through the hidden parameter route
 * /online/cgreport/:code, as the stock JeecgBoot client expects. Our shell routes them through it too, names their
 * tab and breadcrumb after the link, and never lands a folder on the pattern itself.
 */
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../src/contracts/index.ts';
import { breadcrumbTrail, findEntry, indexMenu } from '../../src/app/layout/menu-index.ts';
import { buildNavigation, buildRoutes, firstLeafPath } from '../../src/engine/menu-routes.ts';

const REPORT = 'modules/online/cgreport/auto/OnlCgreportAutoList';

function node(path: string, title: string, extra: Partial<MenuNode> = {}): MenuNode {
  return {
    id: path,
    route: '1',
    path,
    name: path.slice(1).replaceAll('/', '-'),
    component: REPORT,
    meta: { keepAlive: false, internalOrExternal: false, title, componentName: 'OnlCgreportAutoList' },
    ...extra,
  };
}

const menu: MenuNode[] = [
  node('/online/cgreport', '数据报表', {
    component: 'layouts/RouteView',
    children: [
      node('/online/cgreport/:code', '在线报表', { hidden: true, name: 'onlineAutoList' }),
      node('/online/cgreport/driver_income', '司机收入统计', { route: '0' }),
      node('/online/cgreport/waybill_route_month', '线路月度运量', { route: '0' }),
    ],
  }),
];

describe('report pages opened through /online/cgreport/:code', () => {
  it('routes the pattern once, nested in its folder, and shows the links in the navigation', () => {
    const routes = buildRoutes(menu);
    expect(routes.map((r) => r.path)).toEqual(['/online/cgreport']);
    expect(routes[0].children.map((r) => r.path)).toEqual(['/online/cgreport/:code']);
    expect(buildNavigation(menu)[0].children?.map((item) => [item.key, item.title])).toEqual([
      ['/online/cgreport/driver_income', '司机收入统计'],
      ['/online/cgreport/waybill_route_month', '线路月度运量'],
    ]);
  });

  it('never sends a folder opened directly to the pattern itself', () => {
    expect(firstLeafPath(buildRoutes(menu)[0])).toBeUndefined();
  });

  it('names the tab and breadcrumb of an opened report after its menu link', () => {
    const index = indexMenu(menu);
    expect(findEntry(index, '/online/cgreport/driver_income')).toMatchObject({ title: '司机收入统计', isFolder: false });
    expect(breadcrumbTrail(index, '/online/cgreport/waybill_route_month', '/dashboard/analysis').map((c) => c.title)).toEqual([
      '首页',
      '数据报表',
      '线路月度运量',
    ]);
  });

  it('knows a report the menu does not list by the route that opens it, not by its folder', () => {
    const index = indexMenu(menu);
    expect(findEntry(index, '/online/cgreport/driver_picker')).toMatchObject({ path: '/online/cgreport/:code', isFolder: false });
    expect(findEntry(index, '/online/cgreport')).toMatchObject({ isFolder: true });
  });
});

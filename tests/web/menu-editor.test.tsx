/** The menu editor (sys-permission.entity.json) as a tree list: menu types, and the 数据规则 panel on pages only. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { permissionCode } from '../../src/contracts/index.ts';
import { operationPermission } from '../../capabilities/operations/contract.ts';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import permissionJson from '../../schemas/entities/system/sys-permission.entity.json';
import TreeList from '../../renderers/tree-list/TreeList.tsx';
import { entityScreenType } from '../../renderers/node-types.ts';
import type { OperationPanelProps } from '../../renderers/shared/panel.ts';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

const menus = permissionJson as unknown as EntitySchema;
const dataRules = menus.operations!.find((o) => o.key === 'dataRules')!;
const menuType = ['一级菜单', '子菜单', '按钮/权限'].map((text, value) => ({ value: String(value), text, title: text, label: text }));

const rows: WireRecord[] = [
  { id: 'menu:isystem', parentId: null, name: '系统管理', menuType: '0', url: '/isystem', component: 'layouts/RouteView', hasChild: '1', sortNo: 90 },
  { id: 'perm:x', parentId: null, name: '孤立按钮', menuType: '2', perms: 'x:y', hasChild: '0', sortNo: 99 },
];

function StubRules({ record }: OperationPanelProps) {
  return <p>{`规则面板：${String(record.name)}`}</p>;
}

describe('menu editor', () => {
  it('is a tree list whose menu rows offer 数据规则 and button rows do not', async () => {
    expect(entityScreenType(menus)).toBe('tree-list');
    const user = userEvent.setup();
    const codes = [...(['list', 'add', 'edit', 'delete'] as const).map((a) => permissionCode(menus, a)), operationPermission(menus, dataRules)];
    renderWithServices(<TreeList entity={menus} />, {
      data: stubData({ records: rows, total: 2 }),
      dicts: { menu_type: menuType },
      access: accessTo(...codes),
      register: (registry) => registry.register<OperationPanelProps>({ type: 'child-list', override: true, load: async () => ({ default: StubRules }) }),
    });
    const menu = (await screen.findByText('系统管理')).closest('tr')!;
    expect(within(menu).getByText('一级菜单')).toBeInTheDocument();
    const button = screen.getByText('孤立按钮').closest('tr')!;
    expect(within(button).queryByRole('button', { name: '数据规则' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: '数据规则' }));
    expect(await screen.findByText('规则面板：系统管理')).toBeInTheDocument();
  });
});

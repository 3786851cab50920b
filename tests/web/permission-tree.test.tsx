/** The role permission tree (panel node `permission-tree`): loads the tree and the grants, checks, saves the change. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RendererRoot } from '../../renderers/shared/RendererRoot.tsx';
import PermissionTree from '../../renderers/permission-tree/PermissionTree.tsx';
import type { PermissionTreeNode } from '../../renderers/permission-tree/tree-model.ts';
import { ServicesProvider, type Services } from '../../src/engine/services.tsx';
import type { EndpointProvider } from '../../src/providers/endpoints.ts';
import { buildNavigation, buildRoutes } from '../../src/engine/menu-routes.ts';
import { CODE_PAGES } from '../../src/app/code-pages.ts';
import catalog from '../../schemas/menus.json';
import type { EntitySchema, MenuNode } from '../../src/contracts/index.ts';
import type { OperationDef } from '../../capabilities/operations/contract.ts';
import { stubData, stubFiles, stubLookups } from './helpers/render-screen.tsx';
import { createStaticDictProvider } from '../../src/providers/dicts.ts';

const TREE: PermissionTreeNode[] = [
  {
    key: 'menu:a',
    title: '运单管理',
    menuType: 0,
    children: [
      {
        key: 'page:p',
        title: '运单列表',
        menuType: 1,
        ruleFlag: 1,
        children: [
          { key: 'b1', title: '新增运单', menuType: 2 },
          { key: 'b2', title: '删除运单', menuType: 2 },
        ],
      },
    ],
  },
  { key: 'menu:c', title: '系统管理', menuType: 0, children: [{ key: 'page:u', title: '用户管理', menuType: 1 }] },
];

const role = { id: 'r1', roleName: '调度' };
const operation: OperationDef = { key: 'authorize', label: '授权', placement: ['row'], panel: { node: 'permission-tree' } };

function setup(granted = ['menu:a', 'page:p', 'b1']) {
  const get = vi.fn(async (path: string) => {
    if (path === '/sys/role/queryTreeList') return { treeList: TREE, ids: [] };
    if (path === '/sys/permission/queryRolePermission') return granted;
    if (path.startsWith('/sys/role/datarule/')) {
      return { datarule: [{ id: 'r9', ruleName: '本部门', ruleColumn: 'sysOrgCode', ruleConditions: '=', ruleValue: '#{sys_org_code}', status: '1' }], drChecked: '' };
    }
    throw new Error(`unexpected ${path}`);
  });
  const post = vi.fn(async () => ({ result: null, message: '保存成功！' }));
  const endpoints = { get, post } as unknown as EndpointProvider & { get: typeof get; post: typeof post };
  const services: Services = {
    data: stubData(),
    dicts: createStaticDictProvider({}),
    access: { can: () => true },
    files: stubFiles(),
    lookups: stubLookups(),
    endpoints,
  };
  const onClose = vi.fn();
  render(
    <ServicesProvider services={services}>
      <RendererRoot>
        <PermissionTree entity={{ name: 'sysRole' } as EntitySchema} operation={operation} record={role} settings={{}} onClose={onClose} onChanged={vi.fn()} />
      </RendererRoot>
    </ServicesProvider>,
  );
  return { get, post, onClose };
}

function box(title: string): HTMLElement {
  return screen.getByText(title).closest('.ant-tree-treenode')!.querySelector<HTMLElement>('.ant-tree-checkbox')!;
}
function isChecked(title: string): boolean {
  return box(title).classList.contains('ant-tree-checkbox-checked');
}
function lastBody(post: ReturnType<typeof setup>['post']) {
  const call = post.mock.calls.at(-1) as unknown as [string, { roleId: string; permissionIds: string; lastpermissionIds: string }];
  const split = (s: string) => (s ? s.split(',').sort() : []);
  return { path: call[0], roleId: call[1].roleId, ids: split(call[1].permissionIds), last: split(call[1].lastpermissionIds) };
}

describe('permission tree', () => {
  it('shows menus, sub-menus and buttons with the role grants checked, and saves the change with what it loaded', async () => {
    const user = userEvent.setup();
    const { get, post, onClose } = setup();
    await screen.findByText('运单列表');
    expect(get).toHaveBeenCalledWith('/sys/permission/queryRolePermission', { roleId: 'r1' });
    await user.click(screen.getByRole('button', { name: '展开全部' }));
    expect(within(screen.getByText('删除运单').closest('.ant-tree-treenode')!).getByText('按钮')).toBeInTheDocument();
    expect(isChecked('新增运单')).toBe(true);
    expect(isChecked('删除运单')).toBe(false);
    expect(isChecked('系统管理')).toBe(false);

    await user.click(box('删除运单'));
    await user.click(box('新增运单'));
    expect(screen.getByText(/新增 1，取消 1/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '仅保存' }));
    await screen.findByText('保存成功！');
    expect(lastBody(post)).toEqual({ path: '/sys/permission/saveRolePermission', roleId: 'r1', ids: ['b2', 'menu:a', 'page:p'], last: ['b1', 'menu:a', 'page:p'] });
    expect(onClose).not.toHaveBeenCalled();

    // The next save starts from what was saved: only the new change differs.
    await user.click(box('系统管理'));
    await user.click(screen.getByRole('button', { name: /保存并关闭/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(lastBody(post)).toMatchObject({ ids: ['b2', 'menu:a', 'menu:c', 'page:p'], last: ['b2', 'menu:a', 'page:p'] });
  });

  it('checks and clears whole branches with 父子关联, and everything with 全选 / 取消全选', async () => {
    const user = userEvent.setup();
    setup([]);
    await screen.findByText('运单列表');
    await user.click(screen.getByRole('button', { name: '展开全部' }));
    await user.click(box('删除运单'));
    // Unlinked: only the node itself.
    expect(isChecked('运单列表')).toBe(false);
    await user.click(screen.getByRole('switch', { name: '父子关联' }));
    await user.click(box('新增运单'));
    expect(isChecked('运单列表')).toBe(true);
    expect(isChecked('运单管理')).toBe(true);
    await user.click(box('运单列表'));
    expect(isChecked('新增运单')).toBe(false);
    expect(isChecked('删除运单')).toBe(false);
    expect(isChecked('运单管理')).toBe(true);
    await user.click(box('系统管理'));
    expect(isChecked('用户管理')).toBe(true);

    await user.click(screen.getByRole('button', { name: '取消全选' }));
    expect(screen.getByText(/已选 0 项/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '全选' }));
    expect(screen.getByText(/已选 6 项/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '折叠全部' }));
    expect(screen.queryByText('删除运单')).not.toBeInTheDocument();
  });

  it('shows the server refusal and keeps the tree as checked', async () => {
    const user = userEvent.setup();
    const { post } = setup();
    post.mockRejectedValueOnce(new Error('权限不存在：x'));
    await screen.findByText('运单列表');
    await user.click(box('系统管理'));
    await user.click(screen.getByRole('button', { name: '保存并关闭' }));
    expect(await screen.findByText('权限不存在：x')).toBeInTheDocument();
    expect(isChecked('系统管理')).toBe(true);
  });

  it('edits the data rules of a page for the role', async () => {
    const user = userEvent.setup();
    const { get, post } = setup();
    await screen.findByText('运单列表');
    await user.click(screen.getByRole('button', { name: '运单列表的数据规则' }));
    const dialog = await screen.findByRole('dialog');
    expect(get).toHaveBeenCalledWith('/sys/role/datarule/page%3Ap/r1');
    await user.click(await within(dialog).findByRole('checkbox', { name: /本部门/ }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/role/datarule', { permissionId: 'page:p', roleId: 'r1', dataRuleIds: 'r9' }));
  });
});

describe('menu data from the server', () => {
  it('never evaluates a {{ }} menu url: it stays a plain string and is not opened as a link', () => {
    const evil = '{{ (window.__menuEval = 1) }}/jmreport';
    const menu: MenuNode[] = [
      {
        id: 'x', route: '1', path: 'd41d8cd98f00b204e9800998ecf8427e', name: 'x', component: 'layouts/IframePageView',
        meta: { keepAlive: false, internalOrExternal: false, title: '报表', componentName: 'IframePageView', url: evil },
      },
      {
        id: 'y', route: '1', path: 'c4ca4238a0b923820dcc509a6f75849b', name: 'y', component: 'layouts/IframePageView',
        meta: { keepAlive: false, internalOrExternal: true, title: '官网', componentName: 'IframePageView', url: 'https://example.com/a?b=1' },
      },
    ];
    const nav = buildNavigation(menu);
    buildRoutes(menu);
    expect((window as unknown as { __menuEval?: number }).__menuEval).toBeUndefined();
    expect(nav[0].externalUrl).toBeUndefined();
    expect(nav[1].externalUrl).toBe('https://example.com/a?b=1');
    expect(menu[0].meta.url).toBe(evil);
  });

  it('every code page is a component the menu editor accepts (listed in schemas/menus.json or a layout)', () => {
    const listed = new Set(catalog.menus.map((m) => m.component));
    for (const component of Object.keys(CODE_PAGES)) {
      expect(listed.has(component) || component.startsWith('layouts/'), component).toBe(true);
    }
  });
});

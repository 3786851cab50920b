/** The department screen (sys-depart.entity.json) as a tree list: children on expand, and the confirmed delete. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { permissionCode } from '../../src/contracts/index.ts';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { CONFIRM_REQUIRED_CODE } from '../../src/contracts/confirm.ts';
import departJson from '../../schemas/entities/system/sys-depart.entity.json';
import TreeList from '../../renderers/tree-list/TreeList.tsx';
import { entityScreenType } from '../../renderers/node-types.ts';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

const depart = departJson as unknown as EntitySchema;
const all = (['list', 'add', 'edit', 'delete'] as const).map((a) => permissionCode(depart, a));
const dicts = { org_category: [{ value: '1', text: '公司', title: '公司', label: '公司' }, { value: '2', text: '部门', title: '部门', label: '部门' }] };

const roots: WireRecord[] = [
  { id: 'd-platform', parentId: '', departName: '平台运营中心', orgCode: 'A01', orgCategory: '1', hasChild: '1', departOrder: 1 },
  { id: 'd-customers', parentId: '', departName: '货主客户', orgCode: 'A02', orgCategory: '1', hasChild: '0', departOrder: 2 },
];

describe('department tree list', () => {
  it('is a tree list whose rows open to their sub-departments', async () => {
    expect(entityScreenType(depart)).toBe('tree-list');
    const data = stubData({ records: roots, total: 2 });
    data.getChildren.mockResolvedValue([{ id: 'd-ops', parentId: 'd-platform', departName: '运营部', orgCode: 'A01A01', orgCategory: '2', hasChild: '0' }]);
    const user = userEvent.setup();
    renderWithServices(<TreeList entity={depart} />, { data, dicts, access: accessTo(...all) });

    const platform = (await screen.findByText('平台运营中心')).closest('tr')!;
    expect(within(platform).getByText('公司')).toBeInTheDocument();
    expect(screen.queryByText('运营部')).not.toBeInTheDocument();
    await user.click(within(platform).getByRole('button', { expanded: false }));
    const ops = (await screen.findByText('运营部')).closest('tr')!;
    expect(within(ops).getByText('A01A01')).toBeInTheDocument();
    expect(data.getChildren).toHaveBeenCalledWith('/sys/sysDepart', 'd-platform', { field: 'departOrder', order: 'asc' });
  });

  it('asks the server’s question when a department still has members, and deletes only after 确定', async () => {
    const data = stubData({ records: roots, total: 2 });
    const question = '部门“平台运营中心”下还有2个下级部门和1名用户，删除后下级部门一并删除、用户移出这些部门。确定删除吗？';
    data.deleteMany.mockImplementation(async (_api, _ids, extra) => {
      if (extra?.confirm !== true) throw Object.assign(new Error(question), { status: 200, code: CONFIRM_REQUIRED_CODE });
      return { message: '删除成功!' };
    });
    const user = userEvent.setup();
    renderWithServices(<TreeList entity={depart} />, { data, dicts, access: accessTo(...all) });

    const platform = (await screen.findByText('平台运营中心')).closest('tr')!;
    await user.click(within(platform).getByRole('button', { name: '删除' }));
    // The row's own Popconfirm first, then the server's question.
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(question)).toBeInTheDocument();
    expect(data.deleteMany).toHaveBeenCalledTimes(1);
    expect(data.deleteMany).toHaveBeenLastCalledWith('/sys/sysDepart', ['d-platform']);

    const dialog = screen.getByText(question).closest('.ant-modal')! as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(data.deleteMany).toHaveBeenLastCalledWith('/sys/sysDepart', ['d-platform'], { confirm: true }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
  });
});

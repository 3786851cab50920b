/** A row operation with a `panel` opens its registered renderer in a drawer, given the row, and calls no endpoint. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { permissionCode } from '../../src/contracts/index.ts';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { operationPermission, type OperationDef } from '../../capabilities/operations/contract.ts';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import type { OperationPanelProps } from '../../renderers/shared/panel.ts';
import { dictionaries, driverEntity } from './fixtures/driver.ts';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

const grant: OperationDef = {
  key: 'grant',
  label: '授权',
  placement: ['row'],
  panel: { node: 'test-panel', title: '分配权限', props: { scope: 'menus' } },
};
const entity: EntitySchema = { ...driverEntity, operations: [grant] };
const rows = { records: [{ id: 'd1', driverName: '张三', reviewStatus: '1' }, { id: 'd2', driverName: '李四', reviewStatus: '2' }], total: 2 };

function TestPanel({ record, settings, onChanged, onClose }: OperationPanelProps) {
  return (
    <div>
      <p>{`面板：${String(record.driverName)}，范围 ${String(settings.scope)}`}</p>
      <button onClick={onChanged}>保存并刷新</button>
      <button onClick={onClose}>完成</button>
    </div>
  );
}

function renderList(codes: string[]) {
  const data = stubData(rows);
  renderWithServices(<ListPage entity={entity} />, {
    data,
    dicts: dictionaries,
    access: accessTo(permissionCode(entity, 'list'), ...codes),
    register: (registry) => registry.register<OperationPanelProps>({ type: 'test-panel', load: async () => ({ default: TestPanel }) }),
  });
  return data;
}

describe('panel operations', () => {
  it('hide the button without the operation code', async () => {
    renderList([]);
    await screen.findByText('张三');
    expect(screen.queryByRole('button', { name: '授权' })).not.toBeInTheDocument();
  });

  it('open the renderer for that row in a titled drawer, without calling the server, and reload the list on closing after it says so', async () => {
    const user = userEvent.setup();
    const data = renderList([operationPermission(entity, grant)]);
    await screen.findByText('李四');
    await user.click(within(screen.getByText('李四').closest('tr')!).getByRole('button', { name: '授权' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('分配权限')).toBeInTheDocument();
    expect(await within(drawer).findByText('面板：李四，范围 menus')).toBeInTheDocument();
    expect(data.runOperation).not.toHaveBeenCalled();

    const loads = data.getList.mock.calls.length;
    await user.click(within(drawer).getByRole('button', { name: '保存并刷新' }));
    // Not while the drawer is open: a reload could take its row away.
    expect(data.getList.mock.calls.length).toBe(loads);
    await user.click(within(drawer).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByText('面板：李四，范围 menus')).not.toBeInTheDocument());
    await waitFor(() => expect(data.getList.mock.calls.length).toBe(loads + 1));
  });

  it('close without reloading when the panel changed nothing', async () => {
    const user = userEvent.setup();
    const data = renderList([operationPermission(entity, grant)]);
    await screen.findByText('李四');
    await user.click(within(screen.getByText('李四').closest('tr')!).getByRole('button', { name: '授权' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('面板：李四，范围 menus');
    const loads = data.getList.mock.calls.length;
    await user.click(within(drawer).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByText('面板：李四，范围 menus')).not.toBeInTheDocument());
    expect(data.getList.mock.calls.length).toBe(loads);
  });
});

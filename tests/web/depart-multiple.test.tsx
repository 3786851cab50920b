import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import type { DepartTreeNode, EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { renderWithServices, stubData, stubLookups } from './helpers/render-screen.tsx';

/** A department field with `multiple` (the user form's 所属部门): several ids, comma-joined on the wire. */
const entity: EntitySchema = {
  kind: 'entity',
  name: 'multiDepartDemo',
  title: '成员',
  table: 'test_multi_depart',
  api: '/test/multiDepart',
  permissionPrefix: 'test:multiDepart',
  fields: {
    name: { label: '姓名', type: 'string', required: true },
    departs: { label: '所属部门', type: 'department', multiple: true },
  },
  list: { columns: ['name'] },
  form: { fields: ['name', 'departs'] },
};

const node = (id: string, name: string): DepartTreeNode => ({
  key: id, value: id, title: name, isLeaf: true, id, parentId: null, departName: name, orgCode: id, orgCategory: '1',
  departOrder: 1, status: '1', delFlag: 0, createTime: null, children: null,
});

function renderForm(mode: 'add' | 'edit', record: WireRecord = {}) {
  const data = stubData(undefined, record);
  const lookups = stubLookups({ departTree: vi.fn(async () => [node('d1', '运营部'), node('d2', '财务部')]) });
  const onSaved = vi.fn();
  renderWithServices(
    <EntityForm entity={entity} mode={mode} recordId={mode === 'edit' ? 'r1' : undefined} open onClose={vi.fn()} onSaved={onSaved} />,
    { data, lookups },
  );
  return { data, onSaved };
}

describe('a department field with multiple', () => {
  it('shows every stored department and saves them comma-joined', async () => {
    const user = userEvent.setup();
    const { data, onSaved } = renderForm('edit', { id: 'r1', name: '王五', departs: 'd1,d2' });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/姓名/)).toHaveValue('王五'));
    await within(dialog).findByText('运营部');
    expect(within(dialog).getByText('财务部')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(data.update).toHaveBeenCalledWith('/test/multiDepart', 'r1', expect.objectContaining({ departs: 'd1,d2' }));
  });

  it('picks two departments in a new record', async () => {
    const user = userEvent.setup();
    const { data, onSaved } = renderForm('add');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/姓名/), '赵六');
    await user.click(within(dialog).getByLabelText(/所属部门/));
    await user.click(await screen.findByTitle('运营部'));
    await user.click(await screen.findByTitle('财务部'));
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(data.create).toHaveBeenCalledWith('/test/multiDepart', expect.objectContaining({ name: '赵六', departs: 'd1,d2' }));
  });
});

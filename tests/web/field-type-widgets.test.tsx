import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import type { LookupProvider } from '../../src/providers/lookups.ts';
import { renderWithServices, stubData, stubLookups } from './helpers/render-screen.tsx';

const entity: EntitySchema = {
  kind: 'entity',
  name: 'widgetDemo',
  title: '控件样例',
  table: 'test_widget_demo',
  api: '/test/widgetDemo',
  permissionPrefix: 'test:widgetDemo',
  fields: {
    title: { label: '标题', type: 'string', required: true, duplicateCheck: true },
    code: { label: '编码', type: 'string', checkRule: 'rule1' },
    weight: { label: '重量', type: 'number' },
    labels: { label: '标签', type: 'tags' },
    secret: { label: '口令', type: 'password', required: true },
    depart: { label: '所属部门', type: 'department', required: true },
  },
  list: { columns: ['title'] },
  form: { fields: ['title', 'code', 'weight', 'labels', 'secret', 'depart'] },
};

function renderForm(options: { mode?: 'add' | 'edit'; record?: WireRecord; lookups?: Partial<LookupProvider> } = {}) {
  const data = stubData(undefined, options.record ?? {});
  const lookups = stubLookups({
    departTree: vi.fn(async () => [
      { key: 'd1', value: 'd1', title: '运营部', isLeaf: true, id: 'd1', parentId: null, departName: '运营部', orgCode: 'A01', orgCategory: '1', departOrder: 1, status: '1', delFlag: 0, createTime: null, children: null },
    ]),
    ...options.lookups,
  });
  const onSaved = vi.fn();
  renderWithServices(
    <EntityForm entity={entity} mode={options.mode ?? 'add'} recordId={options.mode === 'edit' ? 'r1' : undefined} open onClose={vi.fn()} onSaved={onSaved} />,
    { data, lookups },
  );
  return { data, lookups, onSaved };
}

describe('field type widgets', () => {
  it('tags input puts a semicolon after every two characters', async () => {
    const user = userEvent.setup();
    renderForm();
    const input = await screen.findByLabelText(/标签/);
    await user.type(input, 'abc;de');
    expect(input).toHaveValue('ab;cd;e');
  });

  it('number input converts on blur and clears what is not a number', async () => {
    const user = userEvent.setup();
    renderForm();
    const input = await screen.findByLabelText(/重量/);
    await user.type(input, '-12.5');
    await user.tab();
    expect(input).toHaveValue('-12.5');
    await user.clear(input);
    await user.type(input, '1.2.3');
    await user.tab();
    expect(input).toHaveValue('');
  });

  it('a department must be picked', async () => {
    const user = userEvent.setup();
    const { data } = renderForm();
    await screen.findByRole('dialog');
    // The picker's placeholder says the same words; the field error is a second copy under it.
    expect(screen.getAllByText('请选择所属部门')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getAllByText('请选择所属部门')).toHaveLength(2));
    expect(data.create).not.toHaveBeenCalled();
  });

  it('shows the duplicate and check-rule messages while typing and refuses to save', async () => {
    const user = userEvent.setup();
    const checkDuplicate = vi.fn(async ({ fieldVal }: { fieldVal: string }) => (fieldVal === '已有' ? '该值不可用，系统中已存在！' : undefined));
    const checkRule = vi.fn(async () => '编码须以字母开头');
    renderForm({ lookups: { checkDuplicate, checkRule } });
    await user.type(await screen.findByLabelText(/标题/), '已有');
    expect(await screen.findByText('该值不可用，系统中已存在！', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(checkDuplicate).toHaveBeenLastCalledWith({ tableName: 'test_widget_demo', fieldName: 'title', fieldVal: '已有', dataId: undefined });
    await user.type(screen.getByLabelText(/编码/), '1x');
    expect(await screen.findByText('编码须以字母开头', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(checkRule).toHaveBeenLastCalledWith('rule1', '1x');
  });

  it('edits without retyping the password, checking the value against other records only', async () => {
    const user = userEvent.setup();
    const { data, lookups, onSaved } = renderForm({ mode: 'edit', record: { id: 'r1', title: '旧标题', depart: 'd1' } });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/标题/)).toHaveValue('旧标题'));
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(lookups.checkDuplicate).toHaveBeenCalledWith({ tableName: 'test_widget_demo', fieldName: 'title', fieldVal: '旧标题', dataId: 'r1' });
    expect(data.update).toHaveBeenCalledWith('/test/widgetDemo', 'r1', expect.objectContaining({ title: '旧标题', secret: null, depart: 'd1' }));
  });
});

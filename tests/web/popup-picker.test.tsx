/**
 * The popup record picker (JPopup) as a person uses it: in an entity form (the real 运价 schema, whose 适用司机 fills
 * three fields) and in an editable-grid cell; wrongly configured popups say why instead of showing the control.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import EditableTable from '../../renderers/editable-table/EditableTable.tsx';
import type { EntitySchema, FieldDef } from '../../src/contracts/entity.ts';
import type { GridColumn } from '../../src/contracts/grid.ts';
import type { PopupConfig } from '../../src/contracts/report.ts';
import type { EndpointProvider } from '../../src/providers/endpoints.ts';
import rateJson from '../../schemas/entities/freight/hy-freight-rate.entity.json';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';
import { useGridViewport } from './helpers/grid-viewport.ts';

const rateEntity = rateJson as unknown as EntitySchema;

const reportColumns = {
  columns: [
    { dataIndex: 'driver_name', title: '司机姓名', fieldType: 'string', sorter: 'true', isTotal: '0', groupTitle: null },
    { dataIndex: 'telephone', title: '手机号', fieldType: 'string', sorter: 'false', isTotal: '0', groupTitle: null },
  ],
  dictOptions: {},
  fieldHrefSlots: [],
  isGroupTitle: false,
  cgRpConfigId: 'rp1',
  cgRpConfigName: '选择司机',
};
const drivers = [
  { id: 'd1', driver_name: '张三', telephone: '13800000001' },
  { id: 'd2', driver_name: '李四', telephone: '13800000002' },
  { id: 'd3', driver_name: '王五', telephone: '13800000003' },
];

function endpoints() {
  const get = vi.fn(async (path: string) => {
    if (path.includes('getRpColumns/driver_picker')) return reportColumns;
    if (path.includes('getQueryInfo/rp1')) return [];
    if (path.includes('getData/rp1')) return { total: drivers.length, records: drivers };
    throw new Error(`unexpected ${path}`);
  });
  return { get, post: vi.fn(), download: vi.fn() } as unknown as EndpointProvider & { get: typeof get };
}

/** The 运价 entity with its 适用司机 popup changed (and every other field as shipped). */
function rateWith(popup: Partial<PopupConfig>): EntitySchema {
  const driverNames: FieldDef = { ...rateEntity.fields.driverNames, popup: { ...rateEntity.fields.driverNames.popup!, ...popup } };
  return { ...rateEntity, fields: { ...rateEntity.fields, driverNames } };
}

function renderForm(entity: EntitySchema = rateEntity) {
  const data = stubData();
  const api = endpoints();
  renderWithServices(<EntityForm entity={entity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} />, { data, endpoints: api });
  return { data, api };
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** The picker's dialog, by its title (the test setup gives every dialog the same aria id, so not by name). */
const findPicker = () => waitFor(() => screen.getAllByRole('dialog').find((dialog) => within(dialog).queryByText('选择司机'))!);

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByLabelText('适用司机'));
  const picker = await findPicker();
  await within(picker).findByText('张三');
  return picker;
}

describe('popup picker in a form', () => {
  it('shows the configuration error instead of the control', async () => {
    renderForm(rateWith({ destFields: '' }));
    expect(await screen.findByText('popup参数未正确配置!')).toBeInTheDocument();
    expect(screen.queryByLabelText('适用司机')).not.toBeInTheDocument();
  });

  it('says when source and target lists differ in length', async () => {
    renderForm(rateWith({ destFields: 'driverNames,driverPhones' }));
    expect(await screen.findByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeInTheDocument();
  });

  it('asks for a selection when 确定 is pressed without one', async () => {
    const user = userEvent.setup();
    renderForm();
    const picker = await openPicker(user);
    await user.click(within(picker).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择一条记录')).toBeInTheDocument();
    // The picker stays open.
    expect(screen.getAllByRole('dialog').some((dialog) => within(dialog).queryByText('选择司机'))).toBe(true);
  });

  it('fills all three destination fields with the chosen rows joined by commas, and saves them', async () => {
    const user = userEvent.setup();
    const { data, api } = renderForm();
    const picker = await openPicker(user);
    await user.click(within(picker).getByText('张三'));
    await user.click(within(picker).getByText('李四'));
    await user.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(valueOf('适用司机')).toBe('张三,李四'));
    expect(valueOf('司机手机号')).toBe('13800000001,13800000002');
    // Reopening starts with nothing chosen.
    await user.click(screen.getByLabelText('适用司机'));
    const again = await findPicker();
    await waitFor(() => expect(within(again).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(0));
    await user.click(within(again).getByRole('button', { name: '取消' }));
    expect(api.get).toHaveBeenCalledWith('/online/cgreport/api/getData/rp1', expect.objectContaining({ pageNo: 1, pageSize: 10 }));

    await user.type(screen.getByLabelText(/起运城市/), '上海');
    await user.type(screen.getByLabelText(/到达城市/), '南京');
    await user.type(screen.getByLabelText(/单价/), '120');
    await user.click(screen.getAllByRole('button', { name: '确定' })[0]);
    await waitFor(() => expect(data.create).toHaveBeenCalledTimes(1));
    expect(data.create.mock.calls[0][1]).toMatchObject({ driverNames: '张三,李四', driverPhones: '13800000001,13800000002', driverIds: 'd1,d2' });
  });

  it('清空 empties every destination field', async () => {
    const user = userEvent.setup();
    const { data } = renderForm();
    const picker = await openPicker(user);
    await user.click(within(picker).getByText('王五'));
    await user.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(valueOf('司机手机号')).toBe('13800000003'));
    await user.click(screen.getByRole('button', { name: '清空' }));
    await waitFor(() => expect(valueOf('适用司机')).toBe(''));
    expect(valueOf('司机手机号')).toBe('');
    await user.type(screen.getByLabelText(/起运城市/), '上海');
    await user.type(screen.getByLabelText(/到达城市/), '南京');
    await user.type(screen.getByLabelText(/单价/), '120');
    await user.click(screen.getAllByRole('button', { name: '确定' })[0]);
    await waitFor(() => expect(data.create).toHaveBeenCalledTimes(1));
    const sent = data.create.mock.calls[0][1];
    expect([sent.driverNames, sent.driverPhones, sent.driverIds]).toEqual([undefined, undefined, undefined]);
  });

  it('asks for the configured sort and sends param as self_<name>', async () => {
    const user = userEvent.setup();
    const { api } = renderForm(rateWith({ sorter: 'driver_name=desc', param: { status: '2' } }));
    await openPicker(user);
    expect(api.get).toHaveBeenCalledWith('/online/cgreport/api/getData/rp1', expect.objectContaining({ column: 'driver_name', order: 'desc', self_status: '2' }));
  });

  it('single mode keeps one row: choosing a second replaces the first', async () => {
    const user = userEvent.setup();
    renderForm(rateWith({ multi: false }));
    const picker = await openPicker(user);
    await user.click(within(picker).getByText('张三'));
    await user.click(within(picker).getByText('李四'));
    expect(within(picker).getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(1);
    await user.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(valueOf('适用司机')).toBe('李四'));
    expect(valueOf('司机手机号')).toBe('13800000002');
  });
});

describe('popup picker in a grid cell', () => {
  useGridViewport(400);
  const popup: PopupConfig = { code: 'driver_picker', orgFields: 'driver_name,telephone', destFields: 'driver,phone' };
  const columns: GridColumn[] = [
    { key: 'driver', title: '司机', type: 'popup', popup },
    { key: 'phone', title: '电话', type: 'input' },
  ];

  it('writes the chosen row into its own row', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithServices(<EditableTable columns={columns} rows={[{ id: 'r1', driver: '', phone: '' }, { id: 'r2', driver: '赵六', phone: '139' }]} onChange={onChange} />, {
      data: stubData(),
      endpoints: endpoints(),
    });
    const firstRow = screen.getAllByRole('row').find((row) => row.getAttribute('aria-rowindex') === '2')!;
    await user.click(within(firstRow).getAllByRole('gridcell')[0]);
    const picker = await findPicker();
    await user.click(await within(picker).findByText('李四'));
    await user.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([
      expect.objectContaining({ id: 'r1', driver: '李四', phone: '13800000002' }),
      expect.objectContaining({ id: 'r2', driver: '赵六', phone: '139' }),
    ]));
    expect(within(firstRow).getAllByRole('gridcell')[1]).toHaveTextContent('13800000002');
  });

  it('shows the configuration error in the cell', () => {
    renderWithServices(<EditableTable columns={[{ ...columns[0], popup: { ...popup, orgFields: 'driver_name' } }, columns[1]]} rows={[{ id: 'r1' }]} />, {
      data: stubData(),
      endpoints: endpoints(),
    });
    expect(screen.getByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeInTheDocument();
  });
});

/** The editable grid's upload, department, user and slot cells, registered cell types and table enhancements. */
import { createRef } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GridColumn } from '../../src/contracts/grid.ts';
import type { DepartTreeNode } from '../../src/contracts/index.ts';
import { HttpError } from '../../src/http/errors.ts';
import EditableTable from '../../renderers/editable-table/EditableTable.tsx';
import { registerGridCell, registerGridSlot } from '../../renderers/editable-table/cell-registry.ts';
import { ENHANCE_LIMIT, gridEnhance, gridEnhanceCodes, registerGridEnhance } from '../../renderers/editable-table/enhance.ts';
import type { EditableTableHandle } from '../../renderers/editable-table/types.ts';
import type { GridRow } from '../../renderers/editable-table/rows.ts';
import { fieldColumns } from '../../renderers/editable-table/from-entity.ts';
import { renderWithServices, stubData, stubFiles, stubLookups } from './helpers/render-screen.tsx';
import { useGridViewport } from './helpers/grid-viewport.ts';

useGridViewport(400);

function renderGrid(columns: GridColumn[], rows: GridRow[], options: Partial<Parameters<typeof renderWithServices>[1]> = {}, extra: Partial<Parameters<typeof EditableTable>[0]> = {}) {
  const handle = createRef<EditableTableHandle>();
  renderWithServices(<EditableTable columns={columns} rows={rows} handleRef={handle} {...extra} />, { data: stubData(), ...options });
  return handle;
}

const rowOf = (index: number) => screen.getAllByRole('row')[index + 1];
const cellAt = (index: number, column: number) => within(rowOf(index)).getAllByRole('gridcell')[column];
const fileInput = () => document.querySelector<HTMLInputElement>('.editable-table input[type="file"]')!;

describe('upload cells', () => {
  const columns: GridColumn[] = [
    { key: 'goods', title: '货物', type: 'input' },
    { key: 'photo', title: '照片', type: 'image' },
    { key: 'doc', title: '附件', type: 'file', action: '/wlhy/hywaybill/upload', biz: 'waybill' },
  ];

  it('posts a picture with isup=1, shows its progress, then a thumbnail that opens the preview; saves its path', async () => {
    const user = userEvent.setup();
    const files = stubFiles();
    let progress: ((percent: number) => void) | undefined;
    let finish: (() => void) | undefined;
    files.upload.mockImplementationOnce((file, _biz, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => (finish = () => resolve({ path: 'temp/20260101/p1.png', name: file.name ?? '' })));
    });
    const handle = renderGrid(columns, [{ id: 'r1', goods: '钢材' }], { files });
    await user.click(cellAt(0, 1));
    await user.upload(fileInput(), new File(['png'], '车头.png', { type: 'image/png' }));
    expect(files.upload).toHaveBeenCalledWith(expect.any(File), 'temp', expect.any(Function), { action: '/sys/common/upload', fields: { isup: '1' } });
    act(() => progress!(40));
    expect(await screen.findByText('车头.png 上传中 40%')).toBeInTheDocument();
    await act(async () => finish!());
    const thumb = await screen.findByRole('img', { name: '车头.png' });
    await waitFor(() => expect(thumb).toHaveAttribute('src', '/signed/temp/20260101/p1.png'));
    expect(handle.current!.getValues()).toEqual([{ id: 'r1', goods: '钢材', photo: 'temp/20260101/p1.png' }]);
    // The thumbnail opens the preview (and does not start editing the cell instead).
    await user.click(thumb);
    expect(await screen.findByRole('dialog', { name: '车头.png' })).toBeInTheDocument();
  });

  it('posts a file to the column’s own action and shows a link that downloads it', async () => {
    const user = userEvent.setup();
    const files = stubFiles();
    renderGrid(columns, [{ id: 'r1', goods: '钢材' }], { files });
    await user.click(cellAt(0, 2));
    await user.click(screen.getByRole('button', { name: '上传附件' }));
    await user.upload(fileInput(), new File(['%PDF'], '合同.pdf', { type: 'application/pdf' }));
    expect(files.upload).toHaveBeenCalledWith(expect.any(File), 'waybill', expect.any(Function), { action: '/wlhy/hywaybill/upload', fields: { isup: '1' } });
    const link = await screen.findByText('合同.pdf');
    await user.click(link);
    expect(files.download).toHaveBeenCalledWith('waybill/20260101/f1.pdf');
  });

  it('shows the server’s refusal, or 未知错误 when there is none, and posts nothing for a failed upload', async () => {
    const user = userEvent.setup();
    const files = stubFiles();
    files.upload
      .mockRejectedValueOnce(new HttpError({ status: 200, code: 500, message: '文件内容与扩展名不符' }))
      .mockRejectedValueOnce(new HttpError({ status: 0, code: 0, message: '网络异常，请检查网络连接' }));
    const handle = renderGrid(columns, [{ id: 'r1' }, { id: 'r2' }], { files });
    await user.click(cellAt(0, 2));
    await user.upload(fileInput(), new File(['x'], '假的.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('假的.pdf：文件内容与扩展名不符')).toBeInTheDocument();
    await user.click(cellAt(1, 2));
    await user.upload(fileInput(), new File(['x'], '断网.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('断网.pdf：未知错误')).toBeInTheDocument();
    expect(handle.current!.getValues().map((r) => r.doc)).toEqual(['', '']);
  });

  it('reads stored paths of loaded rows as finished uploads, and 删除 empties the cell', async () => {
    const user = userEvent.setup();
    const handle = renderGrid(columns, [{ id: 'r1', photo: 'temp/20260101/old.jpg', doc: 'waybill/20260101/a.pdf' }]);
    expect(await screen.findByRole('img', { name: 'old.jpg' })).toBeInTheDocument();
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
    await user.click(cellAt(0, 1));
    await user.click(screen.getByRole('button', { name: '删除照片' }));
    expect(screen.queryByRole('img', { name: 'old.jpg' })).not.toBeInTheDocument();
    expect(handle.current!.getValues()).toEqual([{ id: 'r1', photo: '', doc: 'waybill/20260101/a.pdf' }]);
  });
});

const depart = (id: string, name: string, children: DepartTreeNode[] | null = null): DepartTreeNode => ({
  key: id, value: id, title: name, isLeaf: !children, id, parentId: null, departName: name, orgCode: id, orgCategory: '1',
  departOrder: 1, status: '1', delFlag: 0, createTime: null, children,
});

describe('department and user cells', () => {
  const columns: GridColumn[] = [
    { key: 'dept', title: '部门', type: 'department' },
    { key: 'owners', title: '负责人', type: 'user', multiple: true },
  ];
  const lookups = () =>
    stubLookups({
      departTree: vi.fn(async () => [depart('d1', '运营部', [depart('d2', '调度组')]), depart('d3', '财务部')]),
      usersByName: vi.fn(async (names: string[]) =>
        [{ id: 'u1', username: 'zhangsan', realname: '张三', avatar: null, orgCode: null }, { id: 'u2', username: 'lisi', realname: '李四', avatar: null, orgCode: null }].filter((u) => names.includes(u.username)),
      ),
      searchUsers: vi.fn(async () => [{ id: 'u3', username: 'wangwu', realname: '王五', avatar: null, orgCode: null }]),
    });

  it('shows names for stored ids and usernames, asking for the users on screen in one request', async () => {
    const provider = lookups();
    renderGrid(columns, [{ id: 'r1', dept: 'd2', owners: 'zhangsan,lisi' }, { id: 'r2', dept: 'd3', owners: 'lisi' }], { lookups: provider });
    expect(await screen.findByText('调度组')).toBeInTheDocument();
    expect(screen.getByText('财务部')).toBeInTheDocument();
    expect(await screen.findByText('张三，李四')).toBeInTheDocument();
    expect(screen.getByText('李四')).toBeInTheDocument();
    expect(provider.usersByName).toHaveBeenCalledTimes(1);
  });

  it('picks a department from the tree and users by search; saves ids and usernames comma-joined', async () => {
    const user = userEvent.setup();
    const handle = renderGrid(columns, [{ id: 'r1', owners: 'zhangsan' }], { lookups: lookups() });
    await user.click(cellAt(0, 0));
    await user.click(await screen.findByTitle('调度组'));
    await waitFor(() => expect(handle.current!.getValues()[0].dept).toBe('d2'));
    await user.click(cellAt(0, 1));
    const search = await screen.findByRole('combobox', { name: '负责人' });
    await user.type(search, '王');
    await user.click(await screen.findByText('王五（wangwu）'));
    expect(handle.current!.getValues()[0].owners).toBe('zhangsan,wangwu');
    await user.click(document.body);
    expect(await screen.findByText('张三，王五')).toBeInTheDocument();
  });

  it('are the cells of line-item department and user fields', () => {
    const made = fieldColumns(
      { dept: { label: '部门', type: 'department' }, owners: { label: '负责人', type: 'user', multiple: true } },
      ['dept', 'owners'],
    );
    expect(made.map((c) => [c.type, c.multiple])).toEqual([
      ['department', undefined],
      ['user', true],
    ]);
  });
});

describe('slots and registered cell types', () => {
  it('draws a slot column with the app’s renderer, which can write its cell; an unknown slot says so', async () => {
    const user = userEvent.setup();
    registerGridSlot('test-approve', ({ row, value, setValue }) => (
      <button type="button" onClick={() => setValue('Y')}>{value === 'Y' ? `${String(row.goods)}已核准` : `核准${String(row.goods)}`}</button>
    ));
    const handle = renderGrid(
      [
        { key: 'goods', title: '货物', type: 'input' },
        { key: 'ok', title: '核准', type: 'slot', slotName: 'test-approve' },
        { key: 'x', title: '其他', type: 'slot', slotName: 'nope' },
      ],
      [{ id: 'r1', goods: '钢材' }],
    );
    await user.click(screen.getByRole('button', { name: '核准钢材' }));
    expect(screen.getByRole('button', { name: '钢材已核准' })).toBeInTheDocument();
    expect(handle.current!.getValues()[0].ok).toBe('Y');
    expect(screen.getByRole('alert')).toHaveTextContent('未注册的插槽：nope');
  });

  it('refuses to register a keyword column as a cell type', () => {
    for (const type of ['row-number', 'row-checkbox', 'row-radio', 'row-expand', 'row-drag-sort']) {
      expect(() => registerGridCell(type, { display: () => null })).toThrow(/keyword column/);
    }
    expect(() => registerGridCell('test-stars', { display: ({ value }) => '★'.repeat(Number(value)) })).not.toThrow();
  });

  it('shows a registered cell type', () => {
    registerGridCell('test-stars', { display: ({ value }) => '★'.repeat(Number(value)) });
    renderGrid([{ key: 'rate', title: '评分', type: 'test-stars' as GridColumn['type'] }], [{ id: 'r1', rate: 3 }]);
    expect(screen.getByText('★★★')).toBeInTheDocument();
  });
});

describe('number cells', () => {
  const columns: GridColumn[] = [
    { key: 'goods', title: '货物', type: 'input' },
    { key: 'qty', title: '数量', type: 'inputNumber' },
  ];

  it.each([
    ['leaving by Tab', '{Tab}'],
    ['leaving by Enter', '{Enter}'],
  ])('clear when what was typed is no number, %s (issue 22, item 9)', async (_how, leave) => {
    const user = userEvent.setup();
    const handle = renderGrid(columns, [{ id: 'r1', goods: '钢材', qty: '12' }]);
    await user.click(cellAt(0, 1));
    const qty = await screen.findByRole('spinbutton', { name: '数量' });
    // Typed over the whole 12, so the cell never held an empty value on the way.
    await user.type(qty, `abc${leave}`, { initialSelectionStart: 0, initialSelectionEnd: 2 });
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: '数量' })).not.toBeInTheDocument());
    expect(cellAt(0, 1)).not.toHaveTextContent('12');
    expect(handle.current!.getValues()[0].qty ?? '').toBe('');
  });

  it('clear when the cell loses focus holding no number, and keep a number typed', async () => {
    const user = userEvent.setup();
    const handle = renderGrid(columns, [{ id: 'r1', goods: '钢材', qty: '12' }, { id: 'r2', goods: '煤', qty: '5' }]);
    await user.click(cellAt(0, 1));
    await user.type(await screen.findByRole('spinbutton', { name: '数量' }), 'x');
    await user.click(cellAt(1, 0));
    await waitFor(() => expect(handle.current!.getValues()[0].qty ?? '').toBe(''));
    await user.click(cellAt(1, 1));
    const second = await screen.findByRole('spinbutton', { name: '数量' });
    await user.clear(second);
    await user.type(second, '7.50{Tab}');
    await waitFor(() => expect(handle.current!.getValues()[1].qty).toBe('7.5'));
  });
});

describe('table enhancements', () => {
  it('fills new rows and linked cells through the hooks registered under the table’s code', async () => {
    const user = userEvent.setup();
    registerGridEnhance('test:order-lines', {
      onRowAdded: () => ({ unit: '吨' }),
      onCellChange: ({ row, key }) => (key === 'qty' || key === 'price' ? { amount: String(Number(row.qty ?? 0) * Number(row.price ?? 0)) } : undefined),
    });
    const handle = renderGrid(
      [
        { key: 'unit', title: '单位', type: 'input' },
        { key: 'qty', title: '数量', type: 'inputNumber' },
        { key: 'price', title: '单价', type: 'inputNumber' },
        { key: 'amount', title: '金额', type: 'normal' },
      ],
      [{ id: 'r1', qty: '2', price: '10', amount: '20' }],
      {},
      { enhance: 'test:order-lines' },
    );
    await user.click(cellAt(0, 1));
    const qty = await screen.findByRole('spinbutton', { name: '数量' });
    await user.clear(qty);
    await user.type(qty, '3');
    expect(cellAt(0, 3)).toHaveTextContent('30');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(handle.current!.getValues()).toHaveLength(2));
    expect(handle.current!.getValues()[1]).toEqual({ unit: '吨' });
  });

  it('keeps the records of the last 16 codes', () => {
    for (let i = 0; i <= ENHANCE_LIMIT; i++) registerGridEnhance(`test:many-${i}`, {});
    expect(gridEnhanceCodes()).toHaveLength(ENHANCE_LIMIT);
    expect(gridEnhance('test:many-0')).toBeUndefined();
    expect(gridEnhance(`test:many-${ENHANCE_LIMIT}`)).toBeDefined();
    // Registering a kept code again makes it the newest: the next code drops the oldest other one.
    registerGridEnhance('test:many-1', {});
    registerGridEnhance('test:many-extra', {});
    expect(gridEnhance('test:many-1')).toBeDefined();
    expect(gridEnhance('test:many-2')).toBeUndefined();
  });
});

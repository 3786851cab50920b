/**
 * 数据字典 → 字典配置: the `child-list` panel node shows the item entity's own list page for that dictionary only,
 * and a new item starts with the dictionary's id (sys-dict.entity.json, sys-dict-item.entity.json).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DictModel, EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import { permissionCode } from '../../src/contracts/index.ts';
import { operationPermission } from '../../capabilities/operations/contract.ts';
import { createEntityCatalog } from '../../src/engine/entity-catalog.ts';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import dictJson from '../../schemas/entities/system/sys-dict.entity.json';
import itemJson from '../../schemas/entities/system/sys-dict-item.entity.json';
import { accessTo, renderWithServices, stubData } from './helpers/render-screen.tsx';

/** jsdom renders antd slowly on a busy machine: the lazily loaded list inside the drawer may take seconds. */
const WAIT = { timeout: 10_000 };
const dictEntity = dictJson as unknown as EntitySchema;
const itemEntity = itemJson as unknown as EntitySchema;
const itemsOperation = dictEntity.operations!.find((operation) => operation.key === 'items')!;

const dicts: WireRecord[] = [
  { id: 'd-sex', dictName: '性别', dictCode: 'sex' },
  { id: 'd-pack', dictName: '包装方式', dictCode: 'pack_type' },
];
const itemsByDict: Record<string, WireRecord[]> = {
  'd-sex': [
    { id: 'i1', dictId: 'd-sex', itemText: '男', itemValue: '1', sortOrder: 1, status: '1', status_dictText: '启用' },
    { id: 'i2', dictId: 'd-sex', itemText: '女', itemValue: '2', sortOrder: 2, status: '0', status_dictText: '禁用' },
  ],
  'd-pack': [{ id: 'i3', dictId: 'd-pack', itemText: '木箱', itemValue: 'wood', sortOrder: 1, status: '1' }],
};
const enableStatus: DictModel[] = [
  { value: '0', text: '禁用', title: '禁用', label: '禁用' },
  { value: '1', text: '启用', title: '启用', label: '启用' },
];

function renderDictionaries(codes: string[]) {
  const data = stubData();
  data.getList.mockImplementation(async (api, query) => {
    if (api !== '/sys/dictItem') return { records: dicts, total: dicts.length };
    const dictId = query.filters?.find((filter) => filter.field === 'dictId')?.value;
    const records = typeof dictId === 'string' ? (itemsByDict[dictId] ?? []) : Object.values(itemsByDict).flat();
    return { records, total: records.length };
  });
  const entities = createEntityCatalog({
    '/schemas/entities/system/sys-dict.entity.json': async () => dictJson,
    '/schemas/entities/system/sys-dict-item.entity.json': async () => itemJson,
  });
  renderWithServices(<ListPage entity={dictEntity} />, {
    data,
    dicts: { enable_status: enableStatus },
    access: accessTo(permissionCode(dictEntity, 'list'), ...codes),
    entities,
  });
  return data;
}

async function openItems(dictName: string) {
  const user = userEvent.setup();
  await screen.findByText(dictName, undefined, WAIT);
  await user.click(within(screen.getByText(dictName).closest('tr')!).getByRole('button', { name: '字典配置' }));
  const drawer = await screen.findByRole('dialog', undefined, WAIT);
  expect(within(drawer).getByText('字典项')).toBeInTheDocument();
  return { user, drawer };
}

describe('dictionary items panel', () => {
  it('is offered only with the operation code', async () => {
    renderDictionaries([]);
    await screen.findByText('性别');
    expect(screen.queryByRole('button', { name: '字典配置' })).not.toBeInTheDocument();
  });

  it("lists only that dictionary's items, through the item entity's own list", { timeout: 40_000 }, async () => {
    const data = renderDictionaries([operationPermission(dictEntity, itemsOperation), permissionCode(itemEntity, 'list')]);
    const { drawer } = await openItems('性别');
    expect(await within(drawer).findByText('男', undefined, WAIT)).toBeInTheDocument();
    expect(within(drawer).getByText('女')).toBeInTheDocument();
    expect(within(drawer).getByText('禁用')).toBeInTheDocument();
    expect(within(drawer).queryByText('木箱')).not.toBeInTheDocument();
    expect(data.getList).toHaveBeenCalledWith(
      '/sys/dictItem',
      expect.objectContaining({ filters: [{ field: 'dictId', op: 'eq', value: 'd-sex' }], sort: { field: 'sortOrder', order: 'asc' } }),
      expect.anything(),
    );
    // Without the add code the panel offers no 新增.
    expect(within(drawer).queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
  });

  it('adds an item with the dictionary id filled in', async () => {
    const data = renderDictionaries([
      operationPermission(dictEntity, itemsOperation),
      permissionCode(itemEntity, 'list'),
      permissionCode(itemEntity, 'add'),
    ]);
    const { user, drawer } = await openItems('包装方式');
    expect(await within(drawer).findByText('木箱', undefined, WAIT)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: '新增' }));
    const form = (await screen.findByText('新增字典项', undefined, { timeout: 10_000 })).closest('.ant-modal') as HTMLElement;
    // The foreign key is not a field people type.
    expect(within(form).queryByLabelText(/^字典$/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/名称/), '纸箱');
    await user.type(within(form).getByLabelText(/数据值/), 'paper');
    const loads = data.getList.mock.calls.length;
    await user.click(within(form).getByRole('button', { name: '确定' }));

    await waitFor(() => expect(data.create).toHaveBeenCalledTimes(1), WAIT);
    expect(data.create).toHaveBeenCalledWith('/sys/dictItem', expect.objectContaining({ dictId: 'd-pack', itemText: '纸箱', itemValue: 'paper', status: '1', sortOrder: 1 }));
    // The items read again at once; the dictionary list behind the drawer (whose rows may show what its items add up
    // to) once the drawer closes, so the drawer's own row is not reloaded away while it is open.
    const readAfter = () => data.getList.mock.calls.slice(loads).map((call) => call[0]);
    await waitFor(() => expect(readAfter()).toContain('/sys/dictItem'), WAIT);
    expect(readAfter()).not.toContain('/sys/dict');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(readAfter()).toContain('/sys/dict'), WAIT);
  }, 40_000);
});

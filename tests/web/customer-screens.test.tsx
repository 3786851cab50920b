/**
 * Engine capabilities the 货主 screen brought: `list.states` (JeecgBoot bell links `?state=1` open the pending
 * list) and the conditional rules `requiredWhen` / `formatWhen` in the browser form (asterisk and sentences).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DictModel, EntitySchema } from '../../src/contracts/index.ts';
import ListPage from '../../renderers/list-page/ListPage.tsx';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import { listStateFromSearch, listStateToSearch } from '../../src/engine/list-url.ts';
import customerJson from '../../schemas/entities/freight/hy-customer.entity.json';
import customerDicts from '../../schemas/dicts/customers.dicts.json';
import { dictionaries as freightDictionaries, driverEntity } from './fixtures/driver.ts';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';

const customerEntity = customerJson as unknown as EntitySchema;
const dictionaries: Record<string, DictModel[]> = {
  ...freightDictionaries,
  ...Object.fromEntries(
    customerDicts.dictionaries.map((dict) => [dict.code, dict.items.map((item) => ({ value: item.value, text: item.text, title: item.text, label: item.text }))]),
  ),
};

describe('list.states in the URL', () => {
  it('starts the query with the preset of ?state=<key>; explicit parameters win; unknown keys preset nothing', () => {
    expect(listStateFromSearch(customerEntity, '?state=1').query).toEqual({ reviewStatus: '1' });
    expect(listStateFromSearch(driverEntity, '?state=1').query).toEqual({ reviewStatus: '1' });
    expect(listStateFromSearch(customerEntity, '?state=1&reviewStatus=2').query).toEqual({ reviewStatus: '2' });
    expect(listStateFromSearch(customerEntity, '?state=1&customerName=煤').query).toEqual({ reviewStatus: '1', customerName: '煤' });
    for (const key of ['9', 'constructor', '__proto__', '']) expect(listStateFromSearch(customerEntity, `?state=${key}`).query).toEqual({});
  });

  it('writes the preset out as ordinary parameters on the next step, dropping state', () => {
    const state = listStateFromSearch(customerEntity, '?state=1');
    expect(listStateToSearch(customerEntity, { ...state, page: 2 }, '?state=1&from=bell')).toBe('?from=bell&reviewStatus=1&pageNo=2');
    // A list without presets leaves a foreign `state` parameter alone.
    const plain = { ...driverEntity, list: { ...driverEntity.list, states: undefined } };
    expect(listStateFromSearch(plain, '?state=1').query).toEqual({});
    expect(listStateToSearch(plain, listStateFromSearch(plain, '?state=1'), '?state=1')).toBe('?state=1');
  });

  it('opens /customer/manager?state=1 with 待审核 chosen and filtered, and 重置 clears it for good', async () => {
    const user = userEvent.setup();
    const data = stubData({ records: [{ id: 'c1', customerName: '鄂尔多斯市鑫泰煤炭运销有限公司', reviewStatus: '1' }], total: 1 });
    const onSearchChange = vi.fn<(search: string, how: 'push' | 'replace') => void>();
    function Routed() {
      const [search, setSearch] = useState('?state=1');
      return (
        <ListPage
          entity={customerEntity}
          search={search}
          onSearchChange={(next, how) => {
            onSearchChange(next, how);
            setSearch(next);
          }}
        />
      );
    }
    renderWithServices(<Routed />, { data, dicts: dictionaries });
    await waitFor(() => expect(data.getList).toHaveBeenCalled());
    expect(data.getList.mock.calls[0][1].filters).toEqual([{ field: 'reviewStatus', op: 'eq', value: '1' }]);
    const search = screen.getByRole('search');
    expect(within(search).getByText('待审核')).toBeInTheDocument();

    await user.click(within(search).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(data.getList.mock.calls.at(-1)?.[1].filters).toEqual([]));
    expect(onSearchChange).toHaveBeenLastCalledWith('', 'push');
    expect(within(screen.getByRole('search')).queryByText('待审核')).not.toBeInTheDocument();
  });

  it('opens the driver list ?state=1 on the pending drivers too', async () => {
    const data = stubData();
    renderWithServices(<ListPage entity={driverEntity} search="?state=1" />, { data, dicts: dictionaries });
    await waitFor(() => expect(data.getList).toHaveBeenCalled());
    expect(data.getList.mock.calls[0][1].filters).toEqual([{ field: 'reviewStatus', op: 'eq', value: '1' }]);
  });
});

describe('conditional rules in the customer form', () => {
  function renderForm(initialValues: Record<string, unknown>) {
    const data = stubData();
    renderWithServices(<EntityForm entity={customerEntity} mode="add" open onClose={vi.fn()} onSaved={vi.fn()} initialValues={initialValues} />, {
      data,
      dicts: dictionaries,
    });
    return data;
  }
  const isMarkedRequired = (label: string) => screen.getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required');

  it('marks 出账日 required for 月结账期 and asks for it; not for 趟结', async () => {
    const user = userEvent.setup();
    const data = renderForm({ settlementType: '1', customerType: '1', creditCode: '110101199003077777' });
    await screen.findByRole('dialog');
    expect(isMarkedRequired('出账日')).toBe(true);
    expect(isMarkedRequired('授信额度')).toBe(true);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入出账日')).toBeInTheDocument();
    expect(screen.getByText('请输入授信额度')).toBeInTheDocument();
    // The credit code of a company is checked as a USCC.
    expect(screen.getByText('请输入正确的统一社会信用代码')).toBeInTheDocument();
    expect(data.create).not.toHaveBeenCalled();
  });

  it('leaves 出账日 optional for 趟结 and checks a person’s credit code as an ID card', async () => {
    const user = userEvent.setup();
    renderForm({ settlementType: '3', customerType: '2', creditCode: '91150602300073910A' });
    await screen.findByRole('dialog');
    expect(isMarkedRequired('出账日')).toBe(false);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入正确的18位身份证号（校验位不符）')).toBeInTheDocument();
    expect(screen.queryByText('请输入出账日')).not.toBeInTheDocument();
  });
});

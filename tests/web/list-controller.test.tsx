/**
 * The one list controller (src/engine/list-controller.ts): it writes the URL but never reads its own writes back,
 * follows a real navigation, and is what the list page, tree list and editable list share.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { useListController } from '../../src/engine/list-controller.ts';
import type { ListController, ListControllerOptions } from '../../src/engine/list-controller.ts';
import TreeList from '../../renderers/tree-list/TreeList.tsx';
import categoryJson from '../fixtures/entities/test-category.entity.json';
import { driverEntity } from './fixtures/driver.ts';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';

type Write = [search: string, how: 'push' | 'replace'];

/** A router that hands the list's writes back only when the test says so, as a slow one might. */
function mount(initial: string, options: Omit<ListControllerOptions, 'search' | 'onSearchChange'> = {}) {
  const host: { list?: ListController; go?: (search: string) => void; writes: Write[] } = { writes: [] };
  function Harness() {
    const [search, setSearch] = useState(initial);
    host.go = setSearch;
    host.list = useListController(driverEntity, { ...options, search, onSearchChange: (next, how) => host.writes.push([next, how]) });
    return null;
  }
  const data = stubData({ records: [{ id: 'd1' }], total: 100 });
  renderWithServices(<Harness />, { data });
  const list = () => host.list!;
  const step = (fn: (list: ListController) => void) => act(() => fn(list()));
  const go = (search: string) => act(() => host.go!(search));
  return { host, data, list, step, go };
}

const page = (n: number) => ({ page: n, pageSize: 10, sort: driverEntity.list.defaultSort });

describe('the list controller', () => {
  it('does not read its own writes back, even when the router hands them in late and out of step', async () => {
    const { host, data, list, step, go } = mount('');
    await waitFor(() => expect(data.getList).toHaveBeenCalledTimes(1));
    step((l) => l.turn(page(2)));
    step((l) => l.turn(page(3)));
    expect(host.writes).toEqual([
      ['?pageNo=2', 'push'],
      ['?pageNo=3', 'push'],
    ]);
    await waitFor(() => expect(data.getList).toHaveBeenCalledTimes(3));
    // The first write arrives after the second was made: still ours, so the list stays on page 3.
    go('?pageNo=2');
    go('?pageNo=3');
    await act(async () => {});
    expect(list().state.page).toBe(3);
    expect(data.getList).toHaveBeenCalledTimes(3);
  });

  it('follows a navigation without writing, and reads nothing for one that shows the same rows', async () => {
    const { host, data, list, go } = mount('?from=bell');
    await waitFor(() => expect(data.getList).toHaveBeenCalledTimes(1));
    go('?from=bell&pageNo=5');
    await waitFor(() => expect(data.getList).toHaveBeenCalledTimes(2));
    expect(list().state.page).toBe(5);
    go('?pageNo=5&other=1');
    await act(async () => {});
    expect(data.getList).toHaveBeenCalledTimes(2);
    expect(host.writes).toEqual([]);
  });

  it('keeps parameters it does not own, and asks again for the same query without writing the same URL', async () => {
    const { host, data, step } = mount('?from=bell&driverName=%E7%8E%8B');
    await waitFor(() => expect(data.getList).toHaveBeenCalledTimes(1));
    step((l) => l.search({ driverName: '王' }));
    await waitFor(() => expect(data.getList).toHaveBeenCalledTimes(2));
    expect(host.writes).toEqual([]);
    step((l) => l.turn(page(2)));
    expect(host.writes).toEqual([['?from=bell&driverName=%E7%8E%8B&pageNo=2', 'push']]);
  });

  it('reads with the fixed values and the 高级查询 of its address', async () => {
    const superQuery = { matchType: 'and' as const, items: [{ field: 'driverName', rule: 'like' as const, val: '王' }] };
    const search = `?superQueryParams=${encodeURIComponent(JSON.stringify(superQuery.items))}&superQueryMatchType=and`;
    const { data, list } = mount(search, { fixedValues: { carrierId: 'c1' } });
    await waitFor(() => expect(data.getList).toHaveBeenCalledTimes(1));
    expect(data.getList.mock.calls[0][1]).toEqual({
      page: 1,
      pageSize: 10,
      sort: driverEntity.list.defaultSort,
      filters: [{ field: 'carrierId', op: 'eq', value: 'c1' }],
      superQuery,
    });
    expect(list().criteria.superQuery).toEqual(superQuery);
  });
});

describe('the tree list on the shared controller', () => {
  it('keeps its page in the URL like the list page', async () => {
    const user = userEvent.setup();
    const data = stubData({ records: [{ id: 'n1', name: '根', hasChild: '0' }], total: 40 });
    const onSearchChange = vi.fn<(search: string, how: 'push' | 'replace') => void>();
    renderWithServices(<TreeList entity={categoryJson as unknown as EntitySchema} search="" onSearchChange={onSearchChange} />, { data });
    await screen.findByText('共 40 条');
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(onSearchChange).toHaveBeenLastCalledWith('?pageNo=2', 'push'));
    expect(data.getList.mock.calls.at(-1)?.[1]).toMatchObject({ page: 2 });
  });
});

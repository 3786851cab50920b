import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { createStaticDictProvider } from '../../src/providers/dicts.ts';
import { HttpError } from '../../src/http/errors.ts';
import noteJson from '../fixtures/entities/hy-driver-note.entity.json';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';

const noteEntity = noteJson as unknown as EntitySchema;
const drivers = [
  { value: 'd1', text: '张三', title: '张三', label: '张三' },
  { value: 'd2', text: '张三丰', title: '张三丰', label: '张三丰' },
  { value: 'd3', text: '李四', title: '李四', label: '李四' },
];

function setup(mode: 'add' | 'edit' = 'add', record = {}) {
  const dicts = createStaticDictProvider({ hy_driver_dict: drivers });
  const search = vi.spyOn(dicts, 'search');
  const textsFor = vi.spyOn(dicts, 'textsFor');
  const data = stubData(undefined, record);
  renderWithServices(
    <EntityForm entity={noteEntity} mode={mode} recordId={mode === 'edit' ? 'n1' : undefined} open onClose={vi.fn()} onSaved={vi.fn()} />,
    { data, dictProvider: dicts },
  );
  return { data, search, textsFor };
}

/** The 司机 input (the dialog's own title, 新增司机备忘, also mentions 司机). */
async function driverInput(): Promise<HTMLElement> {
  await screen.findByText('新增司机备忘');
  return screen.getAllByLabelText(/司机/).find((element) => element.tagName === 'INPUT')!;
}

describe('search-select for large table dictionaries', () => {
  it('asks nothing for an empty keyword, searches after a pause, and saves the chosen value', async () => {
    const user = userEvent.setup();
    const { data, search } = setup();
    const input = await driverInput();
    await user.click(input);
    expect(await screen.findByText('Please enter search content')).toBeInTheDocument();
    await user.type(input, '张三');
    await waitFor(() => expect(search).toHaveBeenCalledWith('hy_driver_dict', '张三'));
    // One request for the whole word, not one per keystroke.
    expect(search).toHaveBeenCalledTimes(1);
    await user.click(await screen.findByTitle('张三丰'));
    await user.type(screen.getByLabelText(/内容/), '夜间不接单');
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(data.create).toHaveBeenCalledWith('/test/hyDriverNote', { driverId: 'd2', note: '夜间不接单' }));
  });

  it('says when nothing matches and warns with the server message when the search fails', async () => {
    const user = userEvent.setup();
    const { search } = setup();
    const input = await driverInput();
    await user.type(input, '王五');
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    search.mockRejectedValueOnce(new HttpError({ status: 200, code: 510, message: '没有权限，请联系管理员授权' }));
    await user.clear(input);
    await user.type(input, '赵');
    expect(await screen.findByText('没有权限，请联系管理员授权')).toBeInTheDocument();
  });

  it('shows the name of the stored value when editing', async () => {
    const { textsFor } = setup('edit', { id: 'n1', driverId: 'd3', note: '备注' });
    expect(await screen.findByText('李四')).toBeInTheDocument();
    expect(textsFor).toHaveBeenCalledWith('hy_driver_dict', ['d3']);
  });
});

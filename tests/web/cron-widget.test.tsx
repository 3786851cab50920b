import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import EntityForm from '../../renderers/form/EntityForm.tsx';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import type { CronPreview } from '../../src/providers/lookups.ts';
import jobJson from '../../schemas/entities/system/sys-quartz-job.entity.json';
import { renderWithServices, stubData, stubLookups } from './helpers/render-screen.tsx';

const jobEntity = jobJson as unknown as EntitySchema;
const dicts = {
  quartz_status: [
    { value: '0', text: '正常', title: '正常', label: '正常' },
    { value: '-1', text: '停止', title: '停止', label: '停止' },
  ],
  quartz_job_handler: [{ value: 'sessionCleanup', text: '清理过期会话', title: '清理过期会话', label: '清理过期会话' }],
};
const TIMES = ['2026-11-23 00:05:00', '2026-11-23 00:10:00', '2026-11-23 00:15:00', '2026-11-23 00:20:00', '2026-11-23 00:25:00'];

/** A stand-in server: one valid expression, everything else refused with the server's kind of message. */
async function answer(_api: string, cron: string): Promise<CronPreview> {
  return cron === '0 0/5 * * * ?' ? { times: TIMES } : { error: `Cron表达式不正确：${cron}` };
}

function setup(mode: 'add' | 'edit' = 'add', record: WireRecord = {}) {
  const cronPreview = vi.fn(answer);
  const data = stubData(undefined, record);
  renderWithServices(
    <EntityForm entity={jobEntity} mode={mode} recordId={mode === 'edit' ? 'j1' : undefined} open onClose={vi.fn()} onSaved={vi.fn()} />,
    { data, dicts, lookups: stubLookups({ cronPreview }) },
  );
  return { data, cronPreview };
}

async function cronInput(): Promise<HTMLElement> {
  await screen.findByRole('dialog');
  return screen.getAllByLabelText(/Cron表达式/).find((element) => element.tagName === 'INPUT')!;
}

describe('cron widget (widget: "cron")', () => {
  it('shows the next five run times once typing stops', async () => {
    const user = userEvent.setup();
    const { cronPreview } = setup();
    const input = await cronInput();
    await user.type(input, '0 0/5 * * * ?');
    const list = await screen.findByRole('list', { name: '最近执行时间' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(TIMES);
    expect(screen.getByText('最近5次执行时间：')).toBeInTheDocument();
    // The preview asks the entity's own api; the answer shown is the one for the finished expression.
    expect(cronPreview).toHaveBeenLastCalledWith('/sys/quartzJob', '0 0/5 * * * ?', 5);
  });

  it('shows why an expression is wrong and drops the old times', async () => {
    const user = userEvent.setup();
    setup();
    const input = await cronInput();
    await user.type(input, '0 0/5 * * * ?');
    await screen.findByRole('list', { name: '最近执行时间' }, { timeout: 5000 });
    await user.type(input, ' 1999');
    // Only the answer for the whole text counts (a pause mid-typing may show a shorter one first).
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Cron表达式不正确：0 0/5 * * * ? 1999'), { timeout: 5000 });
    expect(screen.queryByRole('list', { name: '最近执行时间' })).not.toBeInTheDocument();
  });

  it('previews a stored expression when a job is opened for editing', async () => {
    const { cronPreview } = setup('edit', { id: 'j1', jobClassName: 'sessionCleanup', cronExpression: '0 0/5 * * * ?', status: '0' });
    const list = await screen.findByRole('list', { name: '最近执行时间' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    await waitFor(() => expect(cronPreview).toHaveBeenCalledTimes(1));
  });
});

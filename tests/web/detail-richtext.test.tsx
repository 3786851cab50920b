/**
 * Issue 22, item 2: a detail view shows a rich-text field as its sanitised rendering, not as HTML source
 * (我的消息 → 详情 showed `<p>测试<b>粗</b></p>`).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import myMessagesJson from '../../schemas/entities/system/sys-announcement-send.entity.json';
import DetailView from '../../renderers/detail/DetailView.tsx';
import { dictionaries } from './fixtures/driver.ts';
import { renderWithServices, stubData } from './helpers/render-screen.tsx';

const myMessages = myMessagesJson as unknown as EntitySchema;

describe('rich text in the detail view', () => {
  it('renders the markup, sanitised, across the whole row', async () => {
    const record: WireRecord = {
      id: 's1',
      titile: '测试通知',
      msgContent: '<p>测试<b>粗</b></p><img src="x" onerror="window.hacked = 1"><script>window.hacked = 2</script>',
    };
    renderWithServices(<DetailView entity={myMessages} recordId="s1" open onClose={vi.fn()} />, { data: stubData({ records: [], total: 0 }, record), dicts: dictionaries });
    const dialog = await screen.findByRole('dialog');
    const bold = await within(dialog).findByText('粗');
    expect(bold.tagName).toBe('B');
    expect(bold.parentElement).toHaveTextContent(/^测试粗$/);
    expect(within(dialog).queryByText(/<p>|<b>/)).not.toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('[onerror]')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});

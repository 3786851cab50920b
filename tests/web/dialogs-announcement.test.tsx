import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AnnouncementDialog, sanitizeAnnouncementHtml } from '../../src/app/dialogs/AnnouncementDialog.tsx';
import type { AnnouncementMessage } from '../../src/app/dialogs/AnnouncementDialog.tsx';

function CurrentPath() {
  return <output aria-label="当前地址">{useLocation().pathname}</output>;
}

const NOTICE: AnnouncementMessage = {
  titile: '系统升级通知',
  sender: '系统管理员',
  sendTime: '2026-05-01 08:00:00',
  msgContent: '<p>今晚 <b>22:00</b> 升级</p><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>',
  openType: 'url',
  openPage: '/wlhy/hydriver/HyDriverList',
};

function renderDialog(announcement: AnnouncementMessage, onClose = vi.fn()) {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <MemoryRouter initialEntries={['/dashboard/analysis']}>
        <AnnouncementDialog announcement={announcement} onClose={onClose} />
        <CurrentPath />
      </MemoryRouter>
    </ConfigProvider>,
  );
  return onClose;
}

describe('通知消息 popup', () => {
  it('shows title, sender, time and the content without scripts or event handlers', async () => {
    renderDialog(NOTICE);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('通知消息')).not.toHaveLength(0);
    expect(within(dialog).getByText('系统升级通知')).toBeInTheDocument();
    expect(within(dialog).getByText('发布人：系统管理员')).toBeInTheDocument();
    expect(within(dialog).getByText('发布时间：2026-05-01 08:00:00')).toBeInTheDocument();
    expect(within(dialog).getByText('22:00').tagName).toBe('B');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('[onerror]')).toBeNull();
    expect(dialog.querySelector('img')).not.toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('strips script and handler payloads in the sanitiser itself', () => {
    const clean = sanitizeAnnouncementHtml('<a href="javascript:alert(1)" onclick="x()">链接</a><script>alert(1)</script><svg onload="x()"></svg>');
    expect(clean).not.toMatch(/script|onclick|onload|javascript:/i);
    expect(clean).toContain('链接');
  });

  it('去处理 closes and opens the page the message points at', async () => {
    const user = userEvent.setup();
    const onClose = renderDialog(NOTICE);
    await user.click(await screen.findByRole('button', { name: '去处理' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByRole('status', { name: '当前地址' })).toHaveTextContent('/wlhy/hydriver/HyDriverList');
  });

  it('offers only 关闭 for a message without a page, and toggles full screen', async () => {
    const user = userEvent.setup();
    const onClose = renderDialog({ ...NOTICE, openType: null });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: '去处理' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /全屏/ }));
    expect(within(dialog).getByRole('button', { name: /退出全屏/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalled();
  });
});

/**
 * The multi-tab bar (plain React, role tablist/tab): selection, close buttons, the right-click menu and the
 * keyboard. The tab rules themselves are in tabs-rules.test.ts; here the bar only has to call them.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TabBar } from '../../src/app/tabs/TabBar.tsx';
import type { PageTabs } from '../../src/app/tabs/usePageTabs.ts';

function fakeTabs(active = '/b'): PageTabs {
  return {
    tabs: [
      { path: '/home', fullPath: '/home', title: '首页' },
      { path: '/b', fullPath: '/b?page=2', title: '司机管理' },
      { path: '/c', fullPath: '/c', title: '车辆管理' },
    ],
    active,
    select: vi.fn(),
    close: vi.fn(),
    closeLeft: vi.fn(),
    closeRight: vi.fn(),
    closeOthers: vi.fn(),
    refresh: vi.fn(),
    remountKey: () => 0,
  };
}

describe('tab bar', () => {
  it('shows the tabs with the active one selected and the only one in the tab order', () => {
    render(<TabBar tabs={fakeTabs()} panelId="content" />);
    const list = screen.getByRole('tablist', { name: '多页签' });
    expect(within(list).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['首页', '司机管理', '车辆管理']);
    const active = screen.getByRole('tab', { name: '司机管理' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(active).toHaveAttribute('aria-controls', 'content');
    expect(active).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: '首页' })).toHaveAttribute('tabindex', '-1');
  });

  it('selects on click and closes from a tab’s own button', async () => {
    const user = userEvent.setup();
    const tabs = fakeTabs();
    render(<TabBar tabs={tabs} />);
    await user.click(screen.getByRole('tab', { name: '车辆管理' }));
    expect(tabs.select).toHaveBeenCalledWith('/c');
    await user.click(screen.getByRole('button', { name: '关闭 首页' }));
    expect(tabs.close).toHaveBeenCalledWith('/home');
  });

  it('moves with ← → Home End, shows with Enter and closes with Delete', async () => {
    const user = userEvent.setup();
    const tabs = fakeTabs();
    render(<TabBar tabs={tabs} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: '司机管理' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '车辆管理' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '首页' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: '车辆管理' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(tabs.select).toHaveBeenCalledWith('/c');
    await user.keyboard('{Home}{Delete}');
    expect(tabs.close).toHaveBeenCalledWith('/home');
  });

  it('offers 刷新 / 关闭左侧 / 关闭右侧 / 关闭其他 on right click', async () => {
    const user = userEvent.setup();
    const tabs = fakeTabs();
    render(<TabBar tabs={tabs} />);
    await user.pointer({ keys: '[MouseRight]', target: screen.getByRole('tab', { name: '车辆管理' }) });
    const menu = screen.getByRole('menu', { name: '页签操作' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['刷新', '关闭左侧', '关闭右侧', '关闭其他']);
    await user.click(within(menu).getByRole('menuitem', { name: '关闭左侧' }));
    expect(tabs.closeLeft).toHaveBeenCalledWith('/c');
    expect(screen.queryByRole('menu', { name: '页签操作' })).not.toBeInTheDocument();
  });

  it('opens the same menu from the keyboard (Shift+F10) and runs an entry with Enter; Escape goes back to the tab', async () => {
    const user = userEvent.setup();
    const tabs = fakeTabs();
    render(<TabBar tabs={tabs} />);
    await user.tab();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    expect(screen.getByRole('menuitem', { name: '刷新' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(tabs.closeRight).toHaveBeenCalledWith('/b');

    await user.click(screen.getByRole('tab', { name: '司机管理' }));
    await user.keyboard('{Shift>}{F10}{/Shift}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: '页签操作' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '司机管理' })).toHaveFocus();
  });
});

/**
 * The multi-tab bar (plain React, role tablist/tab): selection, close buttons, the right-click menu and the
 * keyboard. The tab rules themselves are in tabs-rules.test.ts; here the bar only has to call them.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('with more tabs than the strip is wide', () => {
    const TAB_WIDTH = 100;
    const STRIP_WIDTH = 300;
    afterEach(() => vi.restoreAllMocks());

    /** jsdom has no layout: tabs are laid out side by side, TAB_WIDTH each, in a strip STRIP_WIDTH wide. */
    function layOutTabs() {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        const strip = this.closest<HTMLElement>('[role="tablist"]');
        if (this.getAttribute('role') === 'tablist') return DOMRect.fromRect({ x: 0, width: STRIP_WIDTH, height: 30 });
        if (strip && this.classList.contains('shell-tab')) {
          const index = [...strip.children].indexOf(this);
          return DOMRect.fromRect({ x: index * TAB_WIDTH - strip.scrollLeft, width: TAB_WIDTH, height: 30 });
        }
        return DOMRect.fromRect();
      });
    }

    function manyTabs(active: string): PageTabs {
      const titles = ['首页', '货主管理', '司机管理', '车辆管理', '运单管理', '账单管理'];
      return {
        ...fakeTabs(),
        tabs: titles.map((title, index) => ({ path: `/t${index}`, fullPath: `/t${index}`, title })),
        active,
      };
    }

    it('scrolls the active tab into view and lists the tabs out of view under 更多页签', async () => {
      layOutTabs();
      const user = userEvent.setup();
      const tabs = manyTabs('/t5');
      render(<TabBar tabs={tabs} />);
      // 账单管理 (500–600) is scrolled to the strip's right edge, so the first three are out of view.
      expect(screen.getByRole('tablist', { name: '多页签' }).scrollLeft).toBe(300);
      await user.click(screen.getByRole('button', { name: '更多页签' }));
      const menu = screen.getByRole('menu', { name: '更多页签' });
      expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['首页', '货主管理', '司机管理']);
      await user.click(within(menu).getByRole('menuitem', { name: '货主管理' }));
      expect(tabs.select).toHaveBeenCalledWith('/t1');
      expect(screen.queryByRole('menu', { name: '更多页签' })).not.toBeInTheDocument();
    });

    it('offers no 更多页签 while every tab is in view', () => {
      layOutTabs();
      render(<TabBar tabs={{ ...manyTabs('/t1'), tabs: manyTabs('/t1').tabs.slice(0, 3) }} />);
      expect(screen.queryByRole('button', { name: '更多页签' })).not.toBeInTheDocument();
    });
  });
});

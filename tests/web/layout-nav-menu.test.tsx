/**
 * The shell's own menu (plain React, role menu/menuitem): one folder open at a time, the current screen marked,
 * external entries as new-window links, the collapsed and horizontal variants, and the keyboard.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { NavItem } from '../../src/engine/menu-routes.ts';
import { NavMenu } from '../../src/app/layout/NavMenu.tsx';

const NAV: NavItem[] = [
  { key: '/dashboard/analysis', title: '首页', icon: 'home' },
  {
    key: '/wlhy',
    title: '网络货运',
    icon: 'car',
    children: [
      { key: '/wlhy/hydriver/HyDriverList', title: '司机管理' },
      { key: '/wlhy/hyvehicle/HyVehicleList', title: '车辆管理' },
    ],
  },
  {
    key: '/isystem',
    title: '系统管理',
    icon: 'setting',
    children: [
      { key: '/isystem/user', title: '用户管理' },
      { key: '/isystem/help', title: '帮助文档', externalUrl: 'https://help.example.com/' },
    ],
  },
];

function CurrentLocation() {
  const location = useLocation();
  return <output aria-label="当前地址">{location.pathname}</output>;
}

function renderMenu(path: string, props: Partial<Parameters<typeof NavMenu>[0]> = {}) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <NavMenu nav={NAV} mode="inline" theme="dark" {...props} />
      <CurrentLocation />
    </MemoryRouter>,
  );
}

const location = () => screen.getByRole('status', { name: '当前地址' }).textContent;
const folder = (name: string) => screen.getByRole('menuitem', { name: new RegExp(name) });

describe('navigation menu', () => {
  it('opens the folder of the current screen and marks the screen', () => {
    renderMenu('/wlhy/hydriver/HyDriverList');
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    expect(folder('网络货运')).toHaveAttribute('aria-expanded', 'true');
    expect(folder('系统管理')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('menu', { name: '网络货运' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '司机管理' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps only one folder open at a time and navigates from an entry', async () => {
    const user = userEvent.setup();
    renderMenu('/dashboard/analysis');
    await user.click(folder('网络货运'));
    expect(folder('网络货运')).toHaveAttribute('aria-expanded', 'true');
    await user.click(folder('系统管理'));
    expect(folder('网络货运')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menuitem', { name: '司机管理' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: '用户管理' }));
    expect(location()).toBe('/isystem/user');
    // A top-level screen leaves the open folder open.
    await user.click(screen.getByRole('menuitem', { name: '首页' }));
    expect(location()).toBe('/dashboard/analysis');
    expect(folder('系统管理')).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens external entries in a new window', async () => {
    const user = userEvent.setup();
    renderMenu('/dashboard/analysis');
    await user.click(folder('系统管理'));
    const help = screen.getByRole('menuitem', { name: '帮助文档' });
    expect(help).toHaveAttribute('href', 'https://help.example.com/');
    expect(help).toHaveAttribute('target', '_blank');
  });

  it('moves with the arrow keys, opens a folder with → and goes back out with ←', async () => {
    const user = userEvent.setup();
    renderMenu('/dashboard/analysis');
    // One entry is in the tab order: the current screen's.
    await user.tab();
    expect(screen.getByRole('menuitem', { name: '首页' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(folder('网络货运')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(folder('网络货运')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: '司机管理' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '车辆管理' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(folder('网络货运')).toHaveFocus();
    expect(folder('网络货运')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{End}');
    expect(folder('系统管理')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: '用户管理' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(location()).toBe('/isystem/user');
  });

  it('folded, shows folders as a flyout that Escape closes', async () => {
    const user = userEvent.setup();
    renderMenu('/wlhy/hydriver/HyDriverList', { collapsed: true });
    // Nothing unfolds in place while folded; the names stay for assistive technology.
    expect(folder('网络货运')).toHaveAttribute('aria-expanded', 'false');
    await user.click(folder('网络货运'));
    const flyout = screen.getByRole('menu', { name: '网络货运' });
    expect(within(flyout).getByRole('menuitem', { name: '司机管理' })).toHaveAttribute('aria-current', 'page');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: '网络货运' })).not.toBeInTheDocument();
    expect(folder('网络货运')).toHaveFocus();
  });

  it('as a top menu, moves along with ← → and opens a dropdown with ↓', async () => {
    const user = userEvent.setup();
    renderMenu('/dashboard/analysis', { mode: 'horizontal' });
    expect(screen.getByRole('menu', { name: '主菜单' })).toHaveAttribute('aria-orientation', 'horizontal');
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(folder('网络货运')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '司机管理' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(folder('系统管理')).toHaveFocus();
    expect(screen.queryByRole('menu', { name: '网络货运' })).not.toBeInTheDocument();
    await user.click(folder('网络货运'));
    await user.click(screen.getByRole('menuitem', { name: '车辆管理' }));
    expect(location()).toBe('/wlhy/hyvehicle/HyVehicleList');
    expect(screen.queryByRole('menu', { name: '网络货运' })).not.toBeInTheDocument();
  });
});

/**
 * Menu icons (issue 22, item 9): every icon name a menu row can carry from this project — schemas/ (menus.json and
 * each entity's menu) and the server's own seeded menus — has a drawing, and the menu shows it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavMenu } from '../../src/app/layout/NavMenu.tsx';
import { MENU_ICON_PATHS } from '../../src/app/shell/menu-icon-paths.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function files(dir: string, extension: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, extension);
    return entry.name.endsWith(extension) ? [full] : [];
  });
}

function iconNames(): Map<string, string> {
  const found = new Map<string, string>();
  const collect = (file: string, pattern: RegExp) => {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) found.set(match[1], path.relative(ROOT, file));
  };
  for (const file of files(path.join(ROOT, 'schemas'), '.json')) collect(file, /"icon"\s*:\s*"([^"]+)"/g);
  for (const file of files(path.join(ROOT, 'server'), '.ts')) collect(file, /\bicon:\s*'([^']+)'/g);
  return found;
}

describe('menu icons', () => {
  it('has a drawing for every icon name used in schemas/ and the server’s seeded menus', () => {
    const names = iconNames();
    // The scan must see the names the issue found missing, or it proves nothing.
    expect([...names.keys()]).toEqual(expect.arrayContaining(['container', 'file-done', 'bar-chart']));
    const missing = [...names].filter(([name]) => !Object.hasOwn(MENU_ICON_PATHS, name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('shows the icon of 货源管理, 运单管理 and 数据报表 in the menu', async () => {
    render(
      <MemoryRouter initialEntries={['/dashboard/analysis']}>
        <NavMenu
          mode="inline"
          theme="dark"
          nav={[
            { key: '/wlhy/hyorder/HyOrderList', title: '货源管理', icon: 'container' },
            { key: '/shipping/list', title: '运单管理', icon: 'file-done' },
            { key: '/online/cgreport', title: '数据报表', icon: 'bar-chart', children: [{ key: '/online/cgreportHead', title: '报表配置' }] },
            { key: '/unknown', title: '未知图标', icon: 'no-such-icon' },
          ]}
        />
      </MemoryRouter>,
    );
    const iconOf = (name: string) => screen.getByRole('menuitem', { name }).querySelector('svg.shell-icon');
    await waitFor(() => expect(iconOf('货源管理')).not.toBeNull());
    expect(iconOf('运单管理')).not.toBeNull();
    expect(screen.getByRole('menuitem', { name: /数据报表/ }).querySelector('svg.shell-icon')).not.toBeNull();
    expect(iconOf('未知图标')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  documentTitle,
  HOME_CANNOT_CLOSE,
  initialTabs,
  LAST_TAB_CANNOT_CLOSE,
  openTab,
} from '../../src/app/tabs/tab-rules.ts';
import type { PageTab, TabsState } from '../../src/app/tabs/tab-rules.ts';

const HOME = '/dashboard/analysis';
const tab = (path: string, title = path.slice(1)): PageTab => ({ path, fullPath: path, title });
const titles = (state: TabsState) => state.tabs.map((t) => t.title);

/** 首页, a, b, c, d with `active` showing. */
function fiveTabs(active: string): TabsState {
  const opened = ['/a', '/b', '/c', '/d'].reduce((s, path) => openTab(s, tab(path)), initialTabs(HOME));
  return { ...opened, active };
}

describe('tab rules', () => {
  it('starts with 首页 and adds or activates the tab of each route opened', () => {
    let state = initialTabs(HOME);
    expect(titles(state)).toEqual(['首页']);
    state = openTab(state, tab('/a'));
    state = openTab(state, tab('/b'));
    state = openTab(state, { path: '/a', fullPath: '/a?page=2', title: 'a' });
    expect(titles(state)).toEqual(['首页', 'a', 'b']);
    expect(state.active).toBe('/a');
    expect(state.tabs[1].fullPath).toBe('/a?page=2');
  });

  it('puts 首页 first when restoring remembered tabs', () => {
    expect(titles(initialTabs(HOME, [tab('/a'), tab(HOME, 'old home')]))).toEqual(['首页', 'a']);
  });

  it('never closes 首页, and says so', () => {
    const state = fiveTabs('/b');
    expect(closeTab(state, HOME, HOME)).toEqual({ state, warning: HOME_CANNOT_CLOSE });
    expect(HOME_CANNOT_CLOSE).toBe('首页不能关闭!');
  });

  it('never closes the last tab, and says so', () => {
    const state: TabsState = { tabs: [tab('/a')], active: '/a' };
    expect(closeTab(state, '/a', HOME)).toEqual({ state, warning: LAST_TAB_CANNOT_CLOSE });
    expect(LAST_TAB_CANNOT_CLOSE).toBe('这是最后一页，不能再关闭了啦');
  });

  it('closing the active tab shows its left neighbour; closing another leaves the active one', () => {
    const closedActive = closeTab(fiveTabs('/b'), '/b', HOME);
    expect(titles(closedActive.state)).toEqual(['首页', 'a', 'c', 'd']);
    expect(closedActive).toMatchObject({ state: { active: '/a' }, navigateTo: '/a' });
    const closedOther = closeTab(fiveTabs('/b'), '/d', HOME);
    expect(closedOther).toEqual({ state: { tabs: closedOther.state.tabs, active: '/b' } });
  });

  it('closes left, right and others but always keeps 首页', () => {
    expect(titles(closeLeft(fiveTabs('/c'), '/c', HOME).state)).toEqual(['首页', 'c', 'd']);
    expect(titles(closeRight(fiveTabs('/c'), '/b', HOME).state)).toEqual(['首页', 'a', 'b']);
    expect(titles(closeOthers(fiveTabs('/c'), '/b', HOME).state)).toEqual(['首页', 'b']);
    expect(titles(closeOthers(fiveTabs('/c'), HOME, HOME).state)).toEqual(['首页']);
  });

  it('moves to the tab acted on when the active one was closed with the others', () => {
    expect(closeLeft(fiveTabs('/a'), '/c', HOME)).toMatchObject({ state: { active: '/c' }, navigateTo: '/c' });
    expect(closeOthers(fiveTabs('/d'), '/b', HOME)).toMatchObject({ state: { active: '/b' }, navigateTo: '/b' });
    expect(closeRight(fiveTabs('/a'), '/c', HOME).navigateTo).toBeUndefined();
  });

  it('titles the document with the active tab and the platform', () => {
    expect(documentTitle('司机管理', '测试货运平台')).toBe('司机管理 - 测试货运平台');
    expect(documentTitle(undefined, '测试货运平台')).toBe('测试货运平台');
  });
});

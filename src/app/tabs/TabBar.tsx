/**
 * The multi-tab bar above the content. Every tab shows a close button (closing home explains why it stays);
 * right-click on a tab offers 刷新 / 关闭左侧 / 关闭右侧 / 关闭其他.
 */
import type { ReactElement } from 'react';
import { Dropdown, Tabs } from 'antd';
import type { MenuProps, TabsProps } from 'antd';
import type { PageTabs } from './usePageTabs.ts';

const CONTEXT_ACTIONS: Required<MenuProps>['items'] = [
  { key: 'refresh', label: '刷新' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeOthers', label: '关闭其他' },
];

type ContextAction = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

function runAction(tabs: PageTabs, action: string, path: string): void {
  const act: Record<ContextAction, (target: string) => void> = {
    refresh: tabs.refresh,
    closeLeft: tabs.closeLeft,
    closeRight: tabs.closeRight,
    closeOthers: tabs.closeOthers,
  };
  if (action in act) act[action as ContextAction](path);
}

export function TabBar({ tabs }: { tabs: PageTabs }) {
  const items: TabsProps['items'] = tabs.tabs.map((tab) => ({ key: tab.path, label: tab.title, closable: true }));

  // Each whole tab (not only its label) answers the right click.
  const renderTabBar: TabsProps['renderTabBar'] = (props, DefaultTabBar) => (
    <DefaultTabBar {...props}>
      {(node: ReactElement) => (
        <Dropdown
          key={node.key}
          trigger={['contextMenu']}
          menu={{ items: CONTEXT_ACTIONS, onClick: ({ key }) => runAction(tabs, key, String(node.key)) }}
        >
          {node}
        </Dropdown>
      )}
    </DefaultTabBar>
  );

  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      aria-label="多页签"
      activeKey={tabs.active}
      items={items}
      locale={{ removeAriaLabel: '关闭' }}
      renderTabBar={renderTabBar}
      onChange={tabs.select}
      onEdit={(target, action) => {
        if (action === 'remove' && typeof target === 'string') tabs.close(target);
      }}
      tabBarStyle={{ margin: 0 }}
      style={{ background: 'transparent' }}
    />
  );
}

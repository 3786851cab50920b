/**
 * The 系统设置 drawer: menu theme, theme colour, navigation mode, content width, fixed header/sidebar, colour-weak
 * and multi-tab. Every control changes the preferences at once (and so the layout behind the drawer).
 */
import type { ReactNode } from 'react';
import { Divider, Drawer, Flex, Radio, Switch, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { THEME_COLORS } from './preferences-model.ts';
import type { ContentWidth, LayoutMode, NavTheme, PreferenceChange, Preferences } from './preferences-model.ts';

interface SettingsDrawerProps {
  open: boolean;
  onClose(): void;
  preferences: Preferences;
  onChange(change: PreferenceChange): void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ padding: '8px 0' }}>
      <span>{label}</span>
      {children}
    </Flex>
  );
}

function SwitchRow(props: { label: string; checked: boolean; disabled?: boolean; onChange(checked: boolean): void }) {
  return (
    <Row label={props.label}>
      <Switch size="small" aria-label={props.label} checked={props.checked} disabled={props.disabled} onChange={props.onChange} />
    </Row>
  );
}

function ColorSwatches({ value, onChange }: { value: string; onChange(color: string): void }) {
  return (
    <Flex gap={8} wrap role="group" aria-label="主题色">
      {THEME_COLORS.map(({ name, color }) => {
        const selected = color.toLowerCase() === value.toLowerCase();
        return (
          // A native title, not antd's Tooltip: a tooltip left over from hovering a swatch kept Escape from
          // closing the drawer.
          <button
            key={color}
            type="button"
            title={name}
            aria-label={name}
            aria-pressed={selected}
            onClick={() => onChange(color)}
            style={{ width: 20, height: 20, border: 0, borderRadius: 2, background: color, color: '#fff', cursor: 'pointer', padding: 0 }}
          >
            {selected ? <CheckOutlined style={{ fontSize: 12 }} /> : null}
          </button>
        );
      })}
    </Flex>
  );
}

export function SettingsDrawer({ open, onClose, preferences: p, onChange }: SettingsDrawerProps) {
  const topMenu = p.layout === 'topmenu';
  return (
    <Drawer title="系统设置" placement="right" size={300} open={open} onClose={onClose}>
      <Typography.Title level={5}>整体风格设置</Typography.Title>
      <Radio.Group
        aria-label="菜单风格"
        value={p.navTheme}
        onChange={(e) => onChange({ key: 'navTheme', value: e.target.value as NavTheme })}
        options={[
          { value: 'dark', label: '暗色菜单风格' },
          { value: 'light', label: '亮色菜单风格' },
        ]}
      />

      <Divider />
      <Typography.Title level={5}>主题色</Typography.Title>
      <ColorSwatches value={p.primaryColor} onChange={(color) => onChange({ key: 'primaryColor', value: color })} />

      <Divider />
      <Typography.Title level={5}>导航模式</Typography.Title>
      <Radio.Group
        aria-label="导航模式"
        value={p.layout}
        onChange={(e) => onChange({ key: 'layout', value: e.target.value as LayoutMode })}
        options={[
          { value: 'sidemenu', label: '侧边栏导航' },
          { value: 'topmenu', label: '顶部栏导航' },
        ]}
      />
      <Row label="内容区域宽度">
        <Radio.Group
          aria-label="内容区域宽度"
          size="small"
          optionType="button"
          value={p.contentWidth}
          onChange={(e) => onChange({ key: 'contentWidth', value: e.target.value as ContentWidth })}
          options={[
            { value: 'Fixed', label: '固定' },
            // Full width only makes sense without a side menu taking its share.
            { value: 'Fluid', label: '流式', disabled: !topMenu },
          ]}
        />
      </Row>
      <SwitchRow label="固定 Header" checked={p.fixedHeader} onChange={(value) => onChange({ key: 'fixedHeader', value })} />
      <SwitchRow
        label="下滑时隐藏 Header"
        checked={p.hideHeaderOnScroll}
        disabled={!p.fixedHeader}
        onChange={(value) => onChange({ key: 'hideHeaderOnScroll', value })}
      />
      <SwitchRow
        label="固定侧边菜单"
        checked={p.fixedSidebar}
        disabled={topMenu}
        onChange={(value) => onChange({ key: 'fixedSidebar', value })}
      />

      <Divider />
      <Typography.Title level={5}>其他设置</Typography.Title>
      <SwitchRow label="色弱模式" checked={p.colorWeak} onChange={(value) => onChange({ key: 'colorWeak', value })} />
      <SwitchRow label="多页签模式" checked={p.multiTab} onChange={(value) => onChange({ key: 'multiTab', value })} />
    </Drawer>
  );
}

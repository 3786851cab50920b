/**
 * 列设置: a toolbar control listing the list's columns with a checkbox each, and 重置. The choice is remembered per
 * entity in localStorage, so the list looks the same next time. At least one column always stays.
 */
import { useCallback, useState } from 'react';
import { Button, Checkbox, Flex, Popover, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';

const storageKey = (entityName: string) => `list-columns:${entityName}`;

function readHidden(entityName: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(entityName)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    // Storage may be unavailable or hold something else: the list then shows every column.
    return [];
  }
}

function writeHidden(entityName: string, hidden: string[]): void {
  try {
    if (hidden.length === 0) localStorage.removeItem(storageKey(entityName));
    else localStorage.setItem(storageKey(entityName), JSON.stringify(hidden));
  } catch {
    // Not remembered, but still applied for this visit.
  }
}

export interface ColumnVisibility {
  hidden: ReadonlySet<string>;
  setShown(field: string, shown: boolean): void;
  reset(): void;
}

export function useColumnVisibility(entityName: string): ColumnVisibility {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(readHidden(entityName)));
  const update = useCallback(
    (next: Set<string>) => {
      setHidden(next);
      writeHidden(entityName, [...next]);
    },
    [entityName],
  );
  return {
    hidden,
    setShown: (field, shown) => {
      const next = new Set(hidden);
      if (shown) next.delete(field);
      else next.add(field);
      update(next);
    },
    reset: () => update(new Set()),
  };
}

export interface ColumnSettingsProps {
  columns: Array<{ field: string; title: string }>;
  visibility: ColumnVisibility;
}

export function ColumnSettings({ columns, visibility }: ColumnSettingsProps) {
  const shownCount = columns.filter((column) => !visibility.hidden.has(column.field)).length;
  const content = (
    <Flex vertical gap={4} role="group" aria-label="列设置" style={{ minWidth: 140 }}>
      {columns.map((column) => {
        const shown = !visibility.hidden.has(column.field);
        return (
          <Checkbox
            key={column.field}
            checked={shown}
            // The last shown column stays: a table of no columns says nothing.
            disabled={shown && shownCount === 1}
            onChange={(event) => visibility.setShown(column.field, event.target.checked)}
          >
            {column.title}
          </Checkbox>
        );
      })}
      <Button size="small" type="link" style={{ alignSelf: 'flex-start', paddingInline: 0 }} onClick={visibility.reset}>
        重置
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="列设置" content={content}>
      <Tooltip title="列设置">
        <Button aria-label="列设置" icon={<SettingOutlined />} />
      </Tooltip>
    </Popover>
  );
}

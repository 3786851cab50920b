/**
 * A report's table columns from getRpColumns: dictionary texts, grouped headings (neighbouring columns with the same
 * groupTitle), the initial sort, and cells that link (`href` templates such as `/wlhy/hydriver/HyDriverList?id=${id}`,
 * filled from the row, values URL-encoded).
 */
import { Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatMoney } from '../../src/engine/format.ts';
import type { ReportColumnsInfo } from './report-client.ts';
import type { ReportRow, ReportSort } from './use-report.ts';

export interface ColumnOptions {
  initialSort?: ReportSort;
  /** Follows a link; without it linked cells show as plain text. */
  openLink?: (path: string) => void;
}

/** A link template with `${name}` filled from the row. */
export function fillHref(template: string, row: ReportRow): string {
  return template.replace(/\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g, (_, name: string) => encodeURIComponent(String(row[name] ?? '')));
}

/** A cell's text by the column's type: money reads like a list's money cell (1,234.50), the rest as it came. */
export function reportCellText(fieldType: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  return fieldType === 'money' ? formatMoney(value) : String(value);
}

export function buildColumns(info: ReportColumnsInfo, options: ColumnOptions = {}): TableColumnsType<ReportRow> {
  const { initialSort, openLink } = options;
  const hrefs = new Map(info.fieldHrefSlots.map((slot) => [slot.slotName.replace(/^fieldHref_/, ''), slot.href]));
  const leaf = (c: ReportColumnsInfo['columns'][number]) => ({
    key: c.dataIndex,
    dataIndex: c.dataIndex,
    title: c.title,
    width: c.width,
    align: 'center' as const,
    sorter: c.sorter === 'true',
    ...(initialSort?.column === c.dataIndex ? { defaultSortOrder: initialSort.order === 'desc' ? ('descend' as const) : ('ascend' as const) } : {}),
    render: (value: unknown, row: ReportRow) => {
      const options = info.dictOptions[c.dataIndex];
      const text = options
        ? String(value ?? '').split(',').map((v) => options.find((o) => o.value === v)?.text ?? v).join(',')
        : reportCellText(c.fieldType, value);
      const href = hrefs.get(c.dataIndex);
      if (!href || !openLink || text === '') return text;
      const path = fillHref(href, row);
      // A real href (open in a new tab, copy the address); a plain click stays in the shell.
      return (
        <Typography.Link
          href={path}
          onClick={(event) => {
            event.preventDefault();
            openLink(path);
          }}
        >
          {text}
        </Typography.Link>
      );
    },
  });
  const out: TableColumnsType<ReportRow> = [];
  for (const column of info.columns) {
    const last = out[out.length - 1] as { title?: unknown; children?: unknown[]; key?: unknown } | undefined;
    if (column.groupTitle && last?.children && last.key === `group:${column.groupTitle}`) last.children.push(leaf(column));
    else if (column.groupTitle) out.push({ key: `group:${column.groupTitle}`, title: column.groupTitle, children: [leaf(column)] });
    else out.push(leaf(column));
  }
  return out;
}

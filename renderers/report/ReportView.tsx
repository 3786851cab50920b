/**
 * The `report` renderer (JeecgBoot's OnlCgreportAutoList): a report's query form, its paged, server-sorted table
 * with dictionary texts, grouped headings and a 合计 row, and export. Everything comes from the report's own
 * endpoints, so an admin's edit shows on the next load without a deploy.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Space, Table, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useServices } from '../../src/engine/services.tsx';
import { saveFile } from '../../src/engine/save-file.ts';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import { add, formatDecimal, parseDecimal, ZERO } from '../editable-table/decimal.ts';
import { reportClientFor, type ReportColumnsInfo, type ReportParams, type ReportQueryItem } from './report-client.ts';
import { ReportQueryForm } from './ReportQueryForm.tsx';

export interface ReportViewProps {
  /** The report's code (the last segment of /online/cgreport/<code>). */
  code: string;
}

type Row = Record<string, unknown>;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function buildColumns(info: ReportColumnsInfo): TableColumnsType<Row> {
  const leaf = (c: ReportColumnsInfo['columns'][number]) => ({
    key: c.dataIndex,
    dataIndex: c.dataIndex,
    title: c.title,
    width: c.width,
    align: 'center' as const,
    sorter: c.sorter === 'true',
    render: (value: unknown) => {
      const options = info.dictOptions[c.dataIndex];
      if (options) return String(value ?? '').split(',').map((v) => options.find((o) => o.value === v)?.text ?? v).join(',');
      return value === null || value === undefined ? '' : String(value);
    },
  });
  // Neighbouring columns with the same groupTitle sit under one heading.
  const out: TableColumnsType<Row> = [];
  for (const column of info.columns) {
    const last = out[out.length - 1] as { title?: unknown; children?: unknown[]; key?: unknown } | undefined;
    if (column.groupTitle && last?.children && last.key === `group:${column.groupTitle}`) last.children.push(leaf(column));
    else if (column.groupTitle) out.push({ key: `group:${column.groupTitle}`, title: column.groupTitle, children: [leaf(column)] });
    else out.push(leaf(column));
  }
  return out;
}

export default function ReportView(props: ReportViewProps) {
  return (
    <RendererRoot>
      <ReportScreen {...props} />
    </RendererRoot>
  );
}

function ReportScreen({ code }: ReportViewProps) {
  const { endpoints } = useServices();
  const client = useMemo(() => (endpoints ? reportClientFor(endpoints) : undefined), [endpoints]);
  const [info, setInfo] = useState<ReportColumnsInfo>();
  const [queryItems, setQueryItems] = useState<ReportQueryItem[]>([]);
  const [queryWarning, setQueryWarning] = useState<string>();
  const [loadError, setLoadError] = useState<string>();
  const [filters, setFilters] = useState<ReportParams>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [sort, setSort] = useState<{ column: string; order: 'asc' | 'desc' }>();
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (!client) return;
    let live = true;
    client
      .columns(code)
      .then((columns) => {
        if (!live) return;
        setInfo(columns);
        // The query form is optional: a failure leaves the table usable and says why.
        client.queryInfo(columns.cgRpConfigId).then(
          (items) => live && setQueryItems(items),
          (error: unknown) => live && setQueryWarning(errorText(error)),
        );
      })
      .catch((error: unknown) => live && setLoadError(errorText(error)));
    return () => {
      live = false;
    };
  }, [client, code]);

  const params = useMemo<ReportParams>(
    () => ({ ...filters, pageNo: paging.page, pageSize: paging.pageSize, column: sort?.column, order: sort?.order }),
    [filters, paging, sort],
  );

  const load = useCallback(async () => {
    if (!client || !info) return;
    setLoading(true);
    try {
      const page = await client.data(info.cgRpConfigId, params);
      setRows(page.records);
      setTotal(page.total);
      setLoadError(undefined);
    } catch (error: unknown) {
      setLoadError(errorText(error));
    } finally {
      setLoading(false);
    }
  }, [client, info, params]);

  useEffect(() => {
    void load();
  }, [load]);

  const columns = useMemo(() => (info ? buildColumns(info) : []), [info]);
  const totals = info?.columns.filter((c) => c.isTotal === '1') ?? [];

  async function exportRows() {
    if (!client || !info) return;
    setExporting(true);
    try {
      saveFile(await client.export(info.cgRpConfigId, { ...filters, column: sort?.column, order: sort?.order }));
    } catch (error: unknown) {
      setLoadError(errorText(error));
    } finally {
      setExporting(false);
    }
  }

  if (!endpoints) return <Alert type="error" showIcon title="报表需要接口服务" />;
  if (!info && loadError) return <Alert type="error" showIcon title="报表加载失败" description={loadError} />;

  return (
    <Card title={info?.cgRpConfigName ?? '报表'} loading={!info}>
      {queryWarning && <Alert type="warning" showIcon title={`查询条件加载失败：${queryWarning}`} style={{ marginBottom: 12 }} />}
      <ReportQueryForm
        items={queryItems}
        dictOptions={info?.dictOptions ?? {}}
        onSearch={(values) => {
          setFilters(values);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => void exportRows()} loading={exporting}>
          导出
        </Button>
      </Space>
      {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 12 }} />}
      <Table<Row>
        rowKey={(row) => JSON.stringify(row)}
        size="middle"
        bordered={info?.isGroupTitle}
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={{ current: paging.page, pageSize: paging.pageSize, total, showSizeChanger: true, showTotal: (n) => `共 ${n} 条` }}
        onChange={(pagination: TablePaginationConfig, _filters, sorter) => {
          const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
          setSort(one?.order && one.field ? { column: String(one.field), order: one.order === 'descend' ? 'desc' : 'asc' } : undefined);
          setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
        }}
        summary={(pageRows) =>
          totals.length === 0 ? null : (
            <Table.Summary.Row>
              {info!.columns.map((column, index) => (
                <Table.Summary.Cell key={column.dataIndex} index={index} align="center">
                  {index === 0 ? <Typography.Text strong>合计</Typography.Text> : column.isTotal === '1' ? sumColumn(pageRows, column.dataIndex) : ''}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )
        }
      />
    </Card>
  );
}

/** Exact sum of a column's numeric cells on the page (decimal strings, never float drift). */
function sumColumn(rows: readonly Row[], field: string): string {
  let sum = ZERO;
  for (const row of rows) {
    const value = parseDecimal(row[field]);
    if (value) sum = add(sum, value);
  }
  return formatDecimal(sum);
}

/**
 * The `report` renderer (JeecgBoot's OnlCgreportAutoList): a report's query form, its paged, server-sorted table
 * with dictionary texts, grouped headings and a 合计 row, and export. Everything comes from the report's own
 * endpoints, so an admin's edit shows on the next load without a deploy.
 */
import { useState } from 'react';
import { Alert, Button, Card, Space, Table, Typography } from 'antd';
import { useServices } from '../../src/engine/services.tsx';
import { saveFile } from '../../src/engine/save-file.ts';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import { add, formatDecimal, parseDecimal, ZERO } from '../editable-table/decimal.ts';
import { ReportQueryForm } from './ReportQueryForm.tsx';
import { reportCellText } from './report-columns.tsx';
import { errorText, useReport, type ReportRow } from './use-report.ts';

export interface ReportViewProps {
  /** The report's code (the last segment of /online/cgreport/<code>). */
  code: string;
}

type Row = ReportRow;

export default function ReportView(props: ReportViewProps) {
  return (
    <RendererRoot>
      <ReportScreen {...props} />
    </RendererRoot>
  );
}

function ReportScreen({ code }: ReportViewProps) {
  const { endpoints, navigate } = useServices();
  const report = useReport(code, { openLink: navigate });
  const { client, info, queryItems, queryWarning, loadError, setLoadError, filters, sort, rows, loading, columns } = report;
  const [exporting, setExporting] = useState(false);
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
        onSearch={report.search}
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
        pagination={report.pagination}
        onChange={report.onTableChange}
        summary={(pageRows) =>
          totals.length === 0 ? null : (
            <Table.Summary.Row>
              {info!.columns.map((column, index) => (
                <Table.Summary.Cell key={column.dataIndex} index={index} align="center">
                  {index === 0 ? <Typography.Text strong>合计</Typography.Text> : column.isTotal === '1' ? reportCellText(column.fieldType, sumColumn(pageRows, column.dataIndex)) : ''}
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

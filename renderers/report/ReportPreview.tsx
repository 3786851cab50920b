/**
 * The `report-preview` node: the 报表配置 form's live preview. It runs the draft being edited — SQL, columns,
 * parameters as typed, not saved — through `<api>/preview`, which checks it exactly as a save would, and shows a
 * page of rows with the draft's titles, dictionaries and sortable columns.
 */
import { pageParams, sortParams } from '../../src/contracts/list-params.ts';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Table } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { EntitySchema } from '../../src/contracts/index.ts';
import { useServices } from '../../src/engine/services.tsx';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import type { ReportColumnsInfo } from './report-client.ts';
import { errorText, reportSortToList, type ReportRow, type ReportSort } from './use-report.ts';
import { buildColumns } from './report-columns.tsx';

export interface ReportPreviewProps {
  entity: EntitySchema;
  /** The form's values: a report definition (code, name, sql, columns, query, params). */
  values: Record<string, unknown>;
}

interface PreviewResult {
  info: ReportColumnsInfo;
  total: number;
  records: ReportRow[];
}

export default function ReportPreview(props: ReportPreviewProps) {
  return (
    <RendererRoot>
      <Preview {...props} />
    </RendererRoot>
  );
}

function Preview({ entity, values }: ReportPreviewProps) {
  const { endpoints } = useServices();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [sort, setSort] = useState<ReportSort>();
  const [result, setResult] = useState<PreviewResult>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!endpoints) return;
    let live = true;
    setLoading(true);
    endpoints
      .post<PreviewResult>(`${entity.api}/preview`, { ...values, ...pageParams(paging.page, paging.pageSize), ...sortParams(reportSortToList(sort)) })
      .then(({ result: next }) => {
        if (!live) return;
        setResult(next);
        setError(undefined);
      })
      .catch((e: unknown) => live && setError(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [endpoints, entity.api, values, paging, sort]);

  const columns = useMemo(() => (result ? buildColumns(result.info) : []), [result]);
  if (!endpoints) return <Alert type="error" showIcon title="预览需要接口服务" />;
  return (
    <>
      {error && <Alert type="error" showIcon title="预览失败" description={error} style={{ marginBottom: 12 }} />}
      {result && (
        <Table<ReportRow>
          aria-label="报表预览"
          rowKey={(row) => JSON.stringify(row)}
          size="small"
          bordered={result.info.isGroupTitle}
          loading={loading}
          columns={columns}
          dataSource={result.records}
          scroll={{ x: 'max-content' }}
          pagination={{ current: paging.page, pageSize: paging.pageSize, total: result.total, showTotal: (n) => `共 ${n} 条` }}
          onChange={(pagination: TablePaginationConfig, _filters, sorter) => {
            const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ReportRow> | undefined;
            setSort(one?.order && one.field ? { column: String(one.field), order: one.order === 'descend' ? 'desc' : 'asc' } : undefined);
            setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
          }}
        />
      )}
    </>
  );
}

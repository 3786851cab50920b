/**
 * The popup record picker's dialog (JeecgBoot's JPopupOnlReportModal): a report's query form and paged table with a
 * checkbox (multi) or radio (single) per row; 确定 hands the chosen rows to the caller, which decides where their
 * values go (form fields, grid row). The report loads when the dialog first opens and stays loaded afterwards, so
 * reopening keeps the page and filters; requests go through the shared report client (popups on one report share).
 */
import { useMemo, useState } from 'react';
import { Alert, App, Modal, Table } from 'antd';
import { POPUP_DEFAULTS, popupSort, type PopupConfig } from '../../src/contracts/report.ts';
import { RendererRoot } from '../shared/RendererRoot.tsx';
import { ReportQueryForm } from './ReportQueryForm.tsx';
import type { ReportParams } from './report-client.ts';
import { useReport, type ReportRow } from './use-report.ts';

export interface PopupModalProps {
  config: PopupConfig;
  open: boolean;
  onClose(): void;
  /** The chosen rows (one in single mode); the dialog closes itself afterwards. */
  onConfirm(rows: ReportRow[]): void;
}

/** A row's identity across pages: the report's id column when it has one. */
export function popupRowKey(row: ReportRow): string {
  const id = row.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : JSON.stringify(row);
}

/** `param` → the report's `self_<name>` request parameters. */
export function popupParams(config: Pick<PopupConfig, 'param'>): ReportParams {
  return Object.fromEntries(Object.entries(config.param ?? {}).map(([name, value]) => [`self_${name}`, value]));
}

export function PopupModal(props: PopupModalProps) {
  // Nothing is asked of the server until the dialog is first opened.
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return <RendererRoot>{used && <PopupDialog {...props} />}</RendererRoot>;
}

function PopupDialog({ config, open, onClose, onConfirm }: PopupModalProps) {
  const { message } = App.useApp();
  const initialSort = useMemo(() => popupSort(config), [config]);
  const extraParams = useMemo(() => popupParams(config), [config]);
  const report = useReport(config.code, { initialSort, extraParams });
  const multi = config.multi === true;
  const [selected, setSelected] = useState<ReportRow[]>([]);
  const selectedKeys = selected.map(popupRowKey);

  /** A row click picks it as its checkbox or radio would. */
  function toggle(row: ReportRow) {
    const key = popupRowKey(row);
    if (!multi) setSelected([row]);
    else setSelected((now) => (now.some((r) => popupRowKey(r) === key) ? now.filter((r) => popupRowKey(r) !== key) : [...now, row]));
  }

  /** Keys → rows, from the choices so far (other pages) or the page shown. */
  function rowsFor(keys: string[]): ReportRow[] {
    const known = new Map([...selected, ...report.rows].map((row) => [popupRowKey(row), row]));
    const rows = keys.map((key) => known.get(key)).filter((row): row is ReportRow => row !== undefined);
    return multi ? rows : rows.slice(-1);
  }

  function confirm() {
    if (selected.length === 0) {
      void message.warning('请选择一条记录');
      return;
    }
    if (!multi && selected.length > 1) {
      void message.warning('只能选择一条记录');
      return;
    }
    onConfirm(selected);
    setSelected([]);
    onClose();
  }

  return (
    <Modal
      title={report.info?.cgRpConfigName ?? '选择记录'}
      open={open}
      width={config.width ?? POPUP_DEFAULTS.width}
      okText="确定"
      cancelText="取消"
      onOk={confirm}
      onCancel={onClose}
      mask={{ closable: false }}
    >
      {report.queryWarning && <Alert type="warning" showIcon title={`查询条件加载失败：${report.queryWarning}`} style={{ marginBottom: 12 }} />}
      {report.loadError && <Alert type="error" showIcon title={report.loadError} style={{ marginBottom: 12 }} />}
      <ReportQueryForm items={report.queryItems} dictOptions={report.info?.dictOptions ?? {}} onSearch={report.search} />
      <Table<ReportRow>
        rowKey={popupRowKey}
        size="middle"
        bordered={report.info?.isGroupTitle}
        loading={report.loading || (!report.info && !report.loadError)}
        columns={report.columns}
        dataSource={report.rows}
        scroll={{ x: 'max-content' }}
        pagination={report.pagination}
        onChange={report.onTableChange}
        onRow={(row) => ({
          // The checkbox / radio cell already toggles through rowSelection.
          onClick: (event) => !(event.target as HTMLElement).closest('.ant-table-selection-column') && toggle(row),
          style: { cursor: 'pointer' },
        })}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: selectedKeys,
          // Choices on other pages stay chosen while paging.
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(rowsFor(keys.map(String))),
        }}
      />
    </Modal>
  );
}

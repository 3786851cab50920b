/**
 * 导出 and 导入 on a list's toolbar, each shown only with its permission. Export sends the current filters and sort
 * (only the selected rows when some are selected); import shows upload progress, then the server's sentence, and
 * on a partial import (code 201) offers the error report.
 */
import { useState } from 'react';
import { App, Button, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { permissionCode, type EntitySchema } from '../../src/contracts/index.ts';
import { saveFile } from '../../src/engine/save-file.ts';
import { useServices } from '../../src/engine/services.tsx';
import { controlState } from '../../src/providers/access.ts';
import type { ListQuery, RecordId } from '../../src/providers/data.ts';
import { toastFailure } from '../../src/http/errors.ts';

export interface ExcelButtonsProps {
  entity: EntitySchema;
  query: Pick<ListQuery, 'sort' | 'filters' | 'superQuery'>;
  selected: RecordId[];
  onImported(): void;
}

export function ExcelButtons({ entity, query, selected, onImported }: ExcelButtonsProps) {
  const { data, access } = useServices();
  const { message, modal } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const exportState = controlState(access, permissionCode(entity, 'exportXls'));
  const importState = controlState(access, permissionCode(entity, 'importExcel'));

  async function exportRows() {
    const key = `export-${entity.name}`;
    setExporting(true);
    message.loading({ key, content: '正在导出…', duration: 0 });
    try {
      // A streamed export has no length: show the size received; with a length, the share of it.
      const progress = (loaded: number, total?: number) =>
        message.loading({ key, content: `正在导出… ${total ? `${Math.round((loaded / total) * 100)}%` : `${Math.ceil(loaded / 1024)} KB`}`, duration: 0 });
      saveFile(await data.exportXls(entity.api, query, selected, progress));
      message.destroy(key);
    } catch (error: unknown) {
      message.destroy(key);
      toastFailure(message, error);
    } finally {
      setExporting(false);
    }
  }

  async function importFile(file: File) {
    const key = `import-${entity.name}`;
    setImporting(true);
    message.loading({ key, content: '正在导入… 0%', duration: 0 });
    try {
      const result = await data.importExcel(entity.api, file, (percent) =>
        message.loading({ key, content: `正在导入… ${percent}%`, duration: 0 }),
      );
      message.destroy(key);
      if (result.code === 201 && result.errorFileUrl) {
        const errorFile = result.errorFileUrl;
        modal.warning({
          title: '部分数据导入失败',
          content: result.message,
          okText: '下载错误报告',
          onOk: async () => {
            try {
              saveFile(await data.download(errorFile));
            } catch (error: unknown) {
              toastFailure(message, error);
            }
          },
        });
      } else {
        message.success(result.message || '导入成功');
      }
      onImported();
    } catch (error: unknown) {
      message.destroy(key);
      toastFailure(message, error);
    } finally {
      setImporting(false);
    }
  }

  return (
    <>
      {exportState !== 'hidden' ? (
        <Button icon={<DownloadOutlined />} loading={exporting} disabled={exportState === 'disabled'} onClick={() => void exportRows()}>
          导出
        </Button>
      ) : null}
      {importState !== 'hidden' ? (
        <Upload
          disabled={importState === 'disabled'}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          showUploadList={false}
          beforeUpload={(file) => {
            void importFile(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={importing} disabled={importState === 'disabled'}>
            导入
          </Button>
        </Upload>
      ) : null}
    </>
  );
}

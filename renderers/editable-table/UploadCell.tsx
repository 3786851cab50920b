/**
 * `upload` / `file` / `image` cells (JVxeTable's JVxeUploadCell and its file/image variants). The cell holds the
 * upload's record `{name,type,size,status,percent,path,message,url}` while it runs and after; `getValues` posts
 * the stored path. The upload itself is not the editor's: it writes into the row by id, so progress and the
 * result land even when the editor has closed meanwhile (a click elsewhere while a big file is on its way).
 */
import { useState } from 'react';
import { App, Button, Image, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { GridColumn } from '../../src/contracts/grid.ts';
import { saveFile } from '../../src/engine/save-file.ts';
import { useServices, useStoredFiles } from '../../src/engine/services.tsx';
import { isHttpError, statusMessage, toastFailure } from '../../src/http/errors.ts';
import type { FileProvider } from '../../src/providers/files.ts';
import { registerGridCell, type GridCellDisplayProps, type GridCellEditorProps } from './cell-registry.ts';

export interface UploadValue {
  name: string;
  type: string;
  size: number;
  status: 'uploading' | 'done' | 'error';
  percent: number;
  path?: string;
  message?: string;
  url?: string;
}

export const UNKNOWN_UPLOAD_ERROR = '未知错误';
const DEFAULT_ACTION = '/sys/common/upload';

/** The cell's value as an upload record; a stored path (a row loaded from the server) reads as a finished one. */
export function uploadValue(value: unknown): UploadValue | undefined {
  if (typeof value === 'string') {
    if (value === '') return undefined;
    const first = value.split(',')[0];
    return { name: first.slice(first.lastIndexOf('/') + 1), type: '', size: 0, status: 'done', percent: 100, path: value };
  }
  if (value && typeof value === 'object' && typeof (value as UploadValue).name === 'string') return value as UploadValue;
  return undefined;
}

/** What `getValues` posts: the stored path of a finished upload, nothing for one still running or failed. */
export function uploadPath(value: unknown): string {
  const upload = uploadValue(value);
  return upload?.status === 'done' && upload.path ? upload.path : '';
}

/** The server's sentence when it gave one, else 未知错误 (a network failure has no server message). */
export function uploadErrorMessage(error: unknown): string {
  if (isHttpError(error) && error.message && error.message !== statusMessage(error.status)) return error.message;
  return UNKNOWN_UPLOAD_ERROR;
}

const isImageColumn = (column: GridColumn) => column.type === 'image';

/** Posts one file to the column's action with `isup=1` and writes each stage into the cell. */
export function startUpload(files: FileProvider, column: GridColumn, file: File, write: (value: UploadValue) => void): Promise<void> {
  const base: UploadValue = { name: file.name, type: file.type, size: file.size, status: 'uploading', percent: 0 };
  if (isImageColumn(column) && !file.type.startsWith('image/')) {
    write({ ...base, status: 'error', message: '请上传图片' });
    return Promise.resolve();
  }
  write(base);
  const target = { action: column.action ?? DEFAULT_ACTION, fields: { isup: '1' } };
  return files
    .upload(file, column.biz ?? 'temp', (percent) => write({ ...base, percent: Math.min(percent, 99) }), target)
    .then(async (stored) => {
      const done: UploadValue = { ...base, status: 'done', percent: 100, path: stored.path };
      write(done);
      // A link the browser can load (signed, short-lived); shown pictures re-sign from the path anyway.
      const info = await files.info(stored.path).catch(() => undefined);
      if (info) write({ ...done, url: info.url });
    })
    .catch((error: unknown) => write({ ...base, status: 'error', message: uploadErrorMessage(error) }));
}

function FileName({ upload }: { upload: UploadValue }) {
  const { files } = useServices();
  const { message } = App.useApp();
  const path = upload.path;
  return (
    <Typography.Link
      ellipsis
      onClick={(event) => {
        // The link downloads; it must not also start editing the cell.
        event.stopPropagation();
        if (path) void files.download(path).then(saveFile, (error: unknown) => toastFailure(message, error));
      }}
    >
      <PaperClipOutlined /> {upload.name}
    </Typography.Link>
  );
}

function Thumbnail({ upload, size }: { upload: UploadValue; size: number }) {
  const known = useStoredFiles(upload.path ? [upload.path] : []);
  const src = (upload.path && known[upload.path]?.url) || upload.url;
  return (
    // Opening the preview must not also start editing the cell (which would unmount this picture and its preview).
    <span onClick={(event) => event.stopPropagation()} style={{ display: 'inline-flex' }}>
      <Image
        src={src}
        alt={upload.name}
        width={size}
        height={size}
        style={{ objectFit: 'cover', borderRadius: 4 }}
        fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
      />
    </span>
  );
}

/** The value as the cell shows it: a thumbnail or a file link, the progress while uploading, the error after. */
export function UploadDisplay({ column, value }: GridCellDisplayProps) {
  const upload = uploadValue(value);
  if (!upload) return null;
  if (upload.status === 'uploading') {
    return (
      <span className="grid-upload-state">
        <LoadingOutlined /> {`${upload.name} 上传中 ${upload.percent}%`}
      </span>
    );
  }
  if (upload.status === 'error') {
    return (
      <span className="grid-upload-error" title={upload.message}>
        {`${upload.name}：${upload.message ?? UNKNOWN_UPLOAD_ERROR}`}
      </span>
    );
  }
  return isImageColumn(column) ? <Thumbnail upload={upload} size={24} /> : <FileName upload={upload} />;
}

/** The active cell: the value plus 上传 / 删除. Stays open until another cell is chosen or Escape. */
function UploadEditor({ column, value, onChange, onDone }: GridCellEditorProps) {
  const { files } = useServices();
  const [busy, setBusy] = useState(false);
  const image = isImageColumn(column);
  const upload = uploadValue(value);
  return (
    <Space
      size={4}
      className="grid-upload-editor"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onDone('stay');
      }}
    >
      <UploadDisplay column={column} value={value} />
      <Upload
        accept={image ? 'image/*' : undefined}
        showUploadList={false}
        disabled={busy}
        customRequest={({ file }) => {
          setBusy(true);
          void startUpload(files, column, file as File, onChange).finally(() => setBusy(false));
        }}
      >
        <Button size="small" icon={<UploadOutlined />} aria-label={`上传${column.title}`}>
          {upload ? '' : image ? '上传图片' : '上传文件'}
        </Button>
      </Upload>
      {upload && upload.status !== 'uploading' ? (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除${column.title}`} onClick={() => onChange('')} />
      ) : null}
    </Space>
  );
}

for (const type of ['upload', 'file', 'image'] as const) {
  registerGridCell(type, { display: UploadDisplay, editor: UploadEditor, takesText: false, valueOut: uploadPath });
}

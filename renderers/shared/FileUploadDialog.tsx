/**
 * The file-upload popup (JeecgBoot's JFilePop): a dialog with a drop area that uploads through the file provider
 * with progress and hands back the stored paths on 确定. Default 520 × 200 like the original; confirming with
 * nothing uploaded warns '未上传任何文件' and keeps the dialog open. Used where a cell or a toolbar needs files
 * without a whole form (editable grids, imports of attachments).
 */
import { useState } from 'react';
import { App, Modal, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useServices } from '../../src/engine/services.tsx';
import { toastFailure } from '../../src/http/errors.ts';

export interface FileUploadDialogProps {
  open: boolean;
  /** Upload folder on the server (`biz`). */
  biz: string;
  title?: string;
  width?: number;
  /** Height of the drop area in pixels. */
  height?: number;
  multiple?: boolean;
  /** `accept` of the file input, e.g. `image/*`. */
  accept?: string;
  /** Paths already attached, shown as done so they can be removed. */
  initialPaths?: string[];
  onOk: (paths: string[]) => void;
  onCancel: () => void;
}

type Item = UploadFile & { path?: string };

export function FileUploadDialog(props: FileUploadDialogProps) {
  const { files } = useServices();
  const { message } = App.useApp();
  const [items, setItems] = useState<Item[]>(() =>
    (props.initialPaths ?? []).map((path) => ({ uid: path, path, name: path.split('/').pop() ?? path, status: 'done' })),
  );
  const uploading = items.some((item) => item.status === 'uploading');

  function confirm() {
    const paths = items.filter((item) => item.status === 'done' && item.path).map((item) => item.path!);
    if (paths.length === 0) {
      message.warning('未上传任何文件');
      return;
    }
    props.onOk(paths);
  }

  return (
    <Modal
      open={props.open}
      title={props.title ?? '文件上传'}
      width={props.width ?? 520}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: uploading }}
      onOk={confirm}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Upload.Dragger
        multiple={props.multiple ?? true}
        accept={props.accept}
        fileList={items}
        height={props.height ?? 200}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          const blob = file as File;
          files
            .upload(blob, props.biz, (percent) => onProgress?.({ percent }))
            .then((stored) => {
              setItems((current) => current.map((item) => (item.uid === (file as Item).uid ? { ...item, path: stored.path } : item)));
              onSuccess?.(stored);
            })
            .catch((error: unknown) => {
              toastFailure(message, error, `${blob.name} 上传失败.`);
              onError?.(error instanceof Error ? error : new Error(String(error)));
            });
        }}
        onChange={({ fileList }) =>
          // Keep the stored path the request wrote on our copy of each item.
          setItems((current) => fileList.map((next) => ({ ...next, path: current.find((item) => item.uid === next.uid)?.path })))
        }
        onRemove={(file) => setItems((current) => current.filter((item) => item.uid !== file.uid))}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽文件到此区域上传</p>
      </Upload.Dragger>
    </Modal>
  );
}

/**
 * rjsf widget for image and file fields: uploads through the file provider with progress, keeps the latest
 * `maxCount`, and writes the comma-joined stored paths only once every upload has finished (or one was removed),
 * so a half-uploaded list never reaches the form data. Pictures can be previewed and reordered.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Image, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import type { FieldTypeRenderer } from '../renderer-part.ts';
import { splitPaths } from '../../src/contracts/index.ts';
import { saveFile } from '../../src/engine/save-file.ts';
import { useServices, useStoredFiles } from '../../src/engine/services.tsx';
import { toastFailure } from '../../src/http/errors.ts';

type Item = UploadFile<{ path: string; name: string }> & { path?: string };

const joined = (items: Item[]) => items.map((item) => item.path).filter(Boolean).join(',');

export function UploadWidget(props: WidgetProps) {
  const { files } = useServices();
  const { message, modal } = App.useApp();
  const image = props.options.kind === 'image';
  const maxCount = typeof props.options.maxCount === 'number' ? props.options.maxCount : 1;
  const biz = typeof props.options.biz === 'string' ? props.options.biz : 'temp';
  const value = typeof props.value === 'string' ? props.value : '';
  const paths = useMemo(() => splitPaths(value), [value]);
  // Paths under 平台设置's static or bank domain (field `fileDomain`) preview from there, as the list and detail do.
  const domain = props.options.fileDomain === 'static' || props.options.fileDomain === 'bank' ? props.options.fileDomain : undefined;
  const known = useStoredFiles(paths, domain);
  const [items, setItems] = useState<Item[]>([]);
  const emitted = useRef<string | null>(null);
  const [preview, setPreview] = useState<string>();

  // Values from outside (a record loaded for editing, a reset) replace the list; our own emissions do not.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setItems(paths.map((path) => ({ uid: path, path, name: path.split('/').pop() ?? path, status: 'done' })));
  }, [value, paths]);

  const shown = items.map((item) =>
    item.path && known[item.path] ? { ...item, name: known[item.path]!.name, url: known[item.path]!.url, thumbUrl: known[item.path]!.url } : item,
  );

  function emit(next: Item[]) {
    const text = joined(next);
    emitted.current = text;
    props.onChange(text === '' ? undefined : text);
  }

  function move(item: Item, step: -1 | 1) {
    const index = items.findIndex((i) => i.uid === item.uid);
    if (step === -1 && index <= 0) return void message.warning('未知的操作');
    if (step === 1 && index >= items.length - 1) return void message.warning('已到最后~');
    const next = [...items];
    [next[index], next[index + step]] = [next[index + step], next[index]];
    setItems(next);
    emit(next);
  }

  return (
    <div role="group" aria-label={props.label}>
      <Upload<{ path: string; name: string }>
        fileList={shown}
        listType={image ? 'picture-card' : 'text'}
        accept={image ? 'image/*' : undefined}
        multiple={maxCount > 1}
        disabled={props.disabled || props.readonly}
        beforeUpload={(file) => {
          if (image && !file.type.startsWith('image/')) {
            message.error('请上传图片');
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          files
            .upload(file as File, biz, (percent) => onProgress?.({ percent }))
            .then((stored) => onSuccess?.(stored))
            .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))));
        }}
        onChange={({ file, fileList }) => {
          let next = (fileList as Item[]).map((item) => (item.status === 'done' && item.response ? { ...item, path: item.response.path } : item));
          if (file.status === 'error') {
            const reason = file.error instanceof Error ? file.error.message : '未知错误';
            // The http client may have shown this failure already (HTTP-level): one toast per failure.
            if (image) toastFailure({ error: (text) => modal.error({ title: 'Upload error', content: text }) }, file.error, `Error message: ${reason}`);
            else toastFailure(message, file.error, `${file.name} 上传失败.`);
            next = next.filter((item) => item.uid !== file.uid);
          }
          // More than allowed: the newest stay.
          next = next.slice(-maxCount);
          setItems(next);
          const busy = next.some((item) => item.status === 'uploading');
          if (!busy || file.status === 'removed') emit(next.filter((item) => item.status === 'done'));
        }}
        onPreview={(item: Item) => {
          if (!item.path) return;
          if (image) setPreview(known[item.path]?.url);
          else void files.download(item.path).then(saveFile, (error: unknown) => toastFailure(message, error));
        }}
        itemRender={
          image && maxCount > 1
            ? (origin, file) => (
                <div style={{ position: 'relative', width: '100%', height: '100%' }}>
                  {origin}
                  <div style={{ position: 'absolute', bottom: -22, left: 0, right: 0, display: 'flex', justifyContent: 'space-between' }}>
                    <Button size="small" type="text" aria-label="左移" icon={<LeftOutlined />} onClick={() => move(file as Item, -1)} />
                    <Button size="small" type="text" aria-label="右移" icon={<RightOutlined />} onClick={() => move(file as Item, 1)} />
                  </div>
                </div>
              )
            : undefined
        }
      >
        {items.length >= maxCount && maxCount === 1 && image ? null : image ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label={`上传${props.label}`}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>上传</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />} disabled={props.disabled || props.readonly}>
            上传文件
          </Button>
        )}
      </Upload>
      {preview ? (
        <Image style={{ display: 'none' }} src={preview} preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(undefined) }} />
      ) : null}
    </div>
  );
}

/** Image and file fields: upload `maxCount` files into the `biz` folder (default the entity's table). */
export const uploadRenderer: FieldTypeRenderer = {
  formUi: (field, entity) => ({ 'ui:widget': 'UploadWidget', 'ui:options': { kind: field.type, maxCount: field.maxCount ?? 1, biz: field.biz ?? entity.table, fileDomain: field.fileDomain } }),
  widgets: { UploadWidget },
  uploadInput: {},
};

export const imageRenderer: FieldTypeRenderer = { ...uploadRenderer, uploadInput: { accept: 'image/*' } };

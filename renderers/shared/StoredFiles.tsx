/**
 * Stored images and files as a person sees them: thumbnails that open the preview (with the other pictures of the
 * same field to page through), and file names that download with the session. Names are the upload's own.
 */
import { App, Image, Space, Tooltip, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { ellipsis, FILE_NAME_ELLIPSIS_CHARS } from '../../src/engine/format.ts';
import { saveFile } from '../../src/engine/save-file.ts';
import { useServices, useStoredFiles } from '../../src/engine/services.tsx';
import { toastFailure } from '../../src/http/errors.ts';
import type { FileDomain } from '../../src/contracts/files.ts';

export function ImageThumbs({ paths, size = 40, domain }: { paths: string[]; size?: number; domain?: FileDomain }) {
  const known = useStoredFiles(paths, domain);
  if (paths.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space size={4}>
        {paths.map((path, index) => (
          <span key={path} style={index === 0 ? undefined : { display: 'none' }}>
            <Image
              src={known[path]?.url}
              alt={known[path]?.name ?? '图片'}
              width={size}
              height={size}
              style={{ objectFit: 'cover', borderRadius: 4 }}
              fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
            />
          </span>
        ))}
        {paths.length > 1 ? <Typography.Text type="secondary">+{paths.length - 1}</Typography.Text> : null}
      </Space>
    </Image.PreviewGroup>
  );
}

export function FileLinks({ paths, short = false, domain }: { paths: string[]; short?: boolean; domain?: FileDomain }) {
  const { files } = useServices();
  const { message } = App.useApp();
  const known = useStoredFiles(paths, domain);
  if (paths.length === 0) return null;
  async function download(path: string) {
    const info = known[path];
    // A file under a configured domain (平台设置) is another origin's: opened there, never sent the session.
    if (info?.external) {
      window.open(info.url, '_blank', 'noopener,noreferrer');
      return;
    }
    try {
      saveFile(await files.download(path));
    } catch (error: unknown) {
      toastFailure(message, error);
    }
  }
  return (
    <Space size={8} wrap>
      {paths.map((path) => {
        const name = known[path]?.name ?? path.split('/').pop() ?? path;
        // Cells cut file names to 5 characters (JeecgBoot's list rule); the tooltip has the whole name.
        const shown = short ? ellipsis(name, FILE_NAME_ELLIPSIS_CHARS).text : name;
        return (
          <Tooltip key={path} title={short ? name : undefined}>
            <Typography.Link onClick={() => void download(path)}>
              <PaperClipOutlined /> {shown}
            </Typography.Link>
          </Tooltip>
        );
      })}
    </Space>
  );
}

/**
 * Uploaded files from the browser's side: upload with progress, signed URLs for showing them (asked for in
 * batches — a list of 20 rows with pictures makes one request, not 20 — and cached until shortly before they
 * expire), and downloads with the session.
 */
import type { DownloadedFile, HttpClient } from '../http/client.ts';

export interface StoredFileInfo {
  /** A URL the browser may load without headers (valid about 10 minutes). */
  url: string;
  /** The name the file had when it was uploaded. */
  name: string;
}

/** Another upload endpoint of this app (a grid column's `action`) and extra form fields (JVxeTable sends `isup=1`). */
export interface UploadTarget {
  action?: string;
  fields?: Record<string, string>;
}

/** Only paths of this app: the session's token must never be posted to another origin. */
export const UPLOAD_ACTION = /^\/(?!.*\.\.)[A-Za-z0-9_/-]+$/;

export interface FileProvider {
  upload(file: Blob & { name?: string }, biz: string, onProgress?: (percent: number) => void, target?: UploadTarget): Promise<{ path: string; name: string }>;
  /** Resolves with undefined for a path the caller may not see (or that does not exist). */
  info(path: string): Promise<StoredFileInfo | undefined>;
  download(path: string): Promise<DownloadedFile>;
}

/** Server URLs live 600 s; reuse them for 8 minutes so a shown picture never outlives its link. */
const CACHE_MS = 8 * 60 * 1000;
const BATCH_LIMIT = 200;

export function createFileProvider(http: HttpClient, now: () => number = Date.now): FileProvider {
  const cache = new Map<string, { info: StoredFileInfo | undefined; until: number }>();
  let pending = new Map<string, Array<(info: StoredFileInfo | undefined) => void>>();
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    const paths = [...batch.keys()];
    for (let i = 0; i < paths.length; i += BATCH_LIMIT) {
      const slice = paths.slice(i, i + BATCH_LIMIT);
      let signed: Record<string, StoredFileInfo> = {};
      try {
        signed = await http.postResult<Record<string, StoredFileInfo>>('/sys/common/signUrls', { paths: slice });
      } catch {
        // Pictures that cannot be signed show as broken; the page itself keeps working.
      }
      for (const path of slice) {
        const info = signed[path];
        if (info) cache.set(path, { info, until: now() + CACHE_MS });
        for (const resolve of batch.get(path) ?? []) resolve(info);
      }
    }
  }

  return {
    async upload(file, biz, onProgress, target) {
      const action = target?.action ?? '/sys/common/upload';
      if (!UPLOAD_ACTION.test(action)) throw new Error(`上传地址不正确：${action}`);
      const envelope = await http.upload<{ path: string; name: string } | null>(action, file, { ...target?.fields, biz }, onProgress);
      // JeecgBoot-style endpoints answer with the stored path in `message` only.
      return envelope.result?.path ? envelope.result : { path: envelope.message, name: file.name ?? '' };
    },
    info(path) {
      const hit = cache.get(path);
      if (hit && hit.until > now()) return Promise.resolve(hit.info);
      return new Promise((resolve) => {
        pending.set(path, [...(pending.get(path) ?? []), resolve]);
        if (!scheduled) {
          scheduled = true;
          setTimeout(() => void flush(), 0);
        }
      });
    },
    download: (path) => http.download(`/sys/common/static/${path}`),
  };
}

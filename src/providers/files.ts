/**
 * Uploaded files from the browser's side: upload with progress, signed URLs for showing them (asked for in
 * batches — a list of 20 rows with pictures makes one request, not 20 — and cached until shortly before they
 * expire), and downloads with the session.
 */
import type { DownloadedFile, HttpClient } from '../http/client.ts';
import { externalFileUrl, type FileDomain, type FileDomains } from '../contracts/files.ts';
import { loadPlatformSettings } from './settings.ts';

export interface StoredFileInfo {
  /** A URL the browser may load without headers (valid about 10 minutes). */
  url: string;
  /** The name the file had when it was uploaded. */
  name: string;
  /** The URL is on another origin (a configured file domain): opened as a link, never fetched with the session. */
  external?: boolean;
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
  /**
   * Resolves with undefined for a path the caller may not see (or that does not exist). With a domain configured
   * in 平台设置 for the field's `fileDomain`, the URL is the path under that domain, `external` set.
   */
  info(path: string, domain?: FileDomain): Promise<StoredFileInfo | undefined>;
  download(path: string): Promise<DownloadedFile>;
}

/** Server URLs live 600 s; reuse them for 8 minutes so a shown picture never outlives its link. */
const CACHE_MS = 8 * 60 * 1000;
const BATCH_LIMIT = 200;

const NO_DOMAINS: FileDomains = { static: '', bank: '' };

export function createFileProvider(http: HttpClient, now: () => number = Date.now): FileProvider {
  // The page configuration's file domains, read once (public platform settings); none when it cannot be read.
  let domains: Promise<FileDomains> | null = null;
  const fileDomains = () =>
    (domains ??= loadPlatformSettings(http).then(
      (settings) => ({ static: settings.staticDomain, bank: settings.bankReceiptDomain }),
      () => NO_DOMAINS,
    ));
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
    async info(path, domain) {
      const external = externalFileUrl(path, domain, await fileDomains());
      if (external) return { url: external, name: path.split('/').pop() ?? path, external: true };
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

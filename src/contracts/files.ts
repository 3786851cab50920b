/**
 * Stored-file paths as the server hands them out (`biz/yyyymmdd/<random>.<ext>`), shared so the browser and the
 * server agree on what an image or file field may hold: comma-joined paths, nothing else.
 */

const KEY_SOURCE = '[A-Za-z0-9_-]{1,32}(?:/[A-Za-z0-9_-]{1,32}){0,3}/[A-Za-z0-9_-]{1,64}\\.[a-z0-9]{1,5}';

const KEY = new RegExp(`^${KEY_SOURCE}$`);

export function isStorageKey(value: string): boolean {
  return KEY.test(value);
}

/** Regular expression source for a comma-joined list of storage keys (the JSON Schema `pattern`). */
export const FILE_LIST_PATTERN = `^${KEY_SOURCE}(?:,${KEY_SOURCE})*$`;

/** The paths of a field value, in order, without blanks. */
export function splitPaths(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value.split(',').map((p) => p.trim()).filter(Boolean);
}

/** Image extensions the upload endpoint accepts (the browser shows these as pictures). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'] as const;

export function isImagePath(path: string): boolean {
  const extension = /\.([a-z0-9]+)$/.exec(path)?.[1] ?? '';
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}

/** Comma-joined paths are stored in a varchar of this size. */
export const FILE_LIST_MAX_LENGTH = 1000;

/** Which platform-settings domain a file field's paths live under (field option `fileDomain`). */
export type FileDomain = 'static' | 'bank';

/** The two domains of 平台设置 (静态资源域名, 银行回单域名); empty means this server. */
export interface FileDomains {
  static: string;
  bank: string;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

/**
 * Where the browser loads a stored path from when a domain is configured for it: an absolute URL as it is, a
 * relative path under the field's domain. Undefined: this server serves it (signed URL, download with the session).
 */
export function externalFileUrl(path: string, domain: FileDomain | undefined, domains: FileDomains): string | undefined {
  if (ABSOLUTE_URL.test(path)) return path;
  const base = domains[domain ?? 'static'].trim().replace(/\/+$/, '');
  return base ? `${base}/${path.replace(/^\/+/, '')}` : undefined;
}

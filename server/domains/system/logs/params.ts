/**
 * What a log row may keep of a request's parameters: secrets masked, long values cut, nested data bounded, and
 * never an uploaded file's body.
 */
import { isSecretKey } from '../../../auth/log-redaction.ts';

export const MASK = '******';
const MAX_VALUE = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;
export const MAX_PARAM_TEXT = 2000;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A copy fit for the log: secrets replaced by a mask, strings cut, arrays and depth bounded. */
export function maskParams(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') return cut(value, MAX_VALUE);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => maskParams(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…(${value.length}项)`] : items;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>).slice(0, 100)) {
      out[key] = isSecretKey(key) ? MASK : maskParams(inner, depth + 1);
    }
    return out;
  }
  return String(value);
}

/**
 * The parameters of a request as the log stores them: query then body (the body wins on a shared key), `_t`
 * dropped. A multipart body (an upload) is never read here — only a note that there was one.
 */
export function requestParamText(query: unknown, body: unknown, multipart: boolean): string | null {
  const merged: Record<string, unknown> = {};
  if (query && typeof query === 'object') Object.assign(merged, query);
  delete merged._t;
  if (multipart) merged['[文件]'] = '上传的文件内容不记录';
  else if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
    if (Array.isArray(body)) merged['[body]'] = body;
    else Object.assign(merged, body);
  } else if (typeof body === 'string' && body !== '') merged['[body]'] = body;
  if (Object.keys(merged).length === 0) return null;
  return cut(JSON.stringify(maskParams(merged)), MAX_PARAM_TEXT);
}

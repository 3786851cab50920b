/**
 * The axios client speaking the JeecgBoot dialect (contract §1–2): token and tenant headers, the `_t` cache buster,
 * and unwrapping of the `Result<T>` envelope into typed results or a typed HttpError.
 */
import axios from 'axios';
import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig, InternalAxiosRequestConfig } from 'axios';
import type { Result } from '../contracts/index.ts';
import { errorNoticeFor } from './error-notices.ts';
import type { ErrorNotifier } from './error-notices.ts';
import { HttpError, readFieldErrors, statusMessage } from './errors.ts';
import { StorageKeys } from './storage.ts';
import type { SessionStorage } from './storage.ts';

export const DEFAULT_BASE_URL = '/jeecg-boot';
export const DEFAULT_TIMEOUT_MS = 60_000;

/** The dictionary endpoint is signed on a real JeecgBoot server, so it must not carry `_t` (contract §1.3). */
const NO_CACHE_BUSTER = '/sys/dict/getDictItems';

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface HttpClientOptions {
  storage: SessionStorage;
  baseURL?: string;
  timeout?: number;
  /** Replaces the network layer (tests). */
  adapter?: AxiosAdapter;
  now?: () => number;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (UTF-8 form preferred), else the last path segment. */
  filename: string;
}

/** Files can be large and slow to build; the 9 s API timeout would cut them off. */
const TRANSFER_TIMEOUT_MS = 120_000;

export function filenameFromDisposition(header: string | undefined, fallback: string): string {
  if (!header) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) return decodeURIComponent(utf8[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? decodeURIComponent(plain[1]) : fallback;
}

/**
 * `refusedToken` is the token the refused request carried: by the time the hook hears of it, a new sign-in may
 * have replaced that token, and then the refusal is old news.
 */
export type UnauthorizedHandler = (error: HttpError, refusedToken: string | undefined) => void;

/** The X-Access-Token a failed request was sent with. */
function sentToken(cause: unknown): string | undefined {
  const value = axios.isAxiosError(cause) ? cause.config?.headers?.get('X-Access-Token') : undefined;
  return typeof value === 'string' ? value : undefined;
}

export interface HttpClient {
  readonly axios: AxiosInstance;
  /** Sends a request and returns the whole envelope once it reports success. */
  request<T>(config: AxiosRequestConfig): Promise<Result<T>>;
  getResult<T>(url: string, params?: QueryParams): Promise<T>;
  postResult<T>(url: string, body?: unknown): Promise<T>;
  putResult<T>(url: string, body?: unknown): Promise<T>;
  deleteResult<T>(url: string, params?: QueryParams): Promise<T>;
  /**
   * Fetches a file (Excel export, a stored upload). A JSON answer instead of a file is the server refusing: it
   * rejects with the envelope's message, like every other call.
   */
  /** `onProgress` hears bytes received so far and the total when the server sent one (streamed files have none). */
  download(url: string, params?: QueryParams, onProgress?: (loaded: number, total?: number) => void): Promise<DownloadedFile>;
  /** Posts one file as multipart `file` with extra fields, reporting progress 0–100; resolves with the envelope. */
  upload<T>(url: string, file: Blob & { name?: string }, fields?: Record<string, string>, onProgress?: (percent: number) => void): Promise<Result<T>>;
  /** Called on HTTP 401; src/app installs one that shows the "登录已过期" dialog, keeping antd out of here. */
  setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void;
  /**
   * Called on every other HTTP-level failure (403, 404, 500, timeout…) with the text to show; src/app installs
   * one that shows an antd notification. Business refusals (`success:false`, HTTP 200) never reach it. A failure
   * told this way (or through the unauthorized handler) rejects with `shown` set; see `toastFailure`.
   */
  setErrorNotifier(notifier: ErrorNotifier | undefined): void;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const now = options.now ?? Date.now;
  const instance = axios.create({
    baseURL: options.baseURL ?? DEFAULT_BASE_URL,
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  let onUnauthorized: UnauthorizedHandler | undefined;
  let notifyError: ErrorNotifier | undefined;

  // Each marks the error as shown once a hook told the user, so the screen that catches it does not tell again.
  const tellUnauthorized = (error: HttpError, cause: unknown) => {
    if (!onUnauthorized) return;
    onUnauthorized(error, sentToken(cause));
    error.shown = true;
  };
  const tellFailure = (error: HttpError) => {
    if (!notifyError) return;
    notifyError(errorNoticeFor(error));
    error.shown = true;
  };

  instance.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const token = options.storage.get<string>(StorageKeys.token);
    if (token) config.headers.set('X-Access-Token', token);
    const tenantId = options.storage.get<string | number>(StorageKeys.tenantId);
    config.headers.set('tenant-id', String(tenantId ?? 0));
    const method = (config.method ?? 'get').toLowerCase();
    if (method === 'get' && !(config.url ?? '').includes(NO_CACHE_BUSTER)) {
      config.params = { _t: Math.floor(now() / 1000), ...(config.params as object | undefined) };
    }
    return config;
  });

  async function request<T>(config: AxiosRequestConfig): Promise<Result<T>> {
    let body: unknown;
    try {
      body = (await instance.request<unknown>(config)).data;
    } catch (cause) {
      const error = toHttpError(cause);
      if (error.status === 401 || isLegacyTokenFailure(error)) tellUnauthorized(error, cause);
      // A request the app itself cancelled (left the screen) is nobody's failure.
      else if (!axios.isCancel(cause)) tellFailure(error);
      throw error;
    }
    if (!isEnvelope(body)) {
      throw new HttpError({ status: 200, code: 0, message: '服务器返回了无法识别的数据' });
    }
    if (!body.success) {
      throw new HttpError({
        status: 200,
        code: body.code,
        message: body.message || statusMessage(500),
        fieldErrors: readFieldErrors(body.result),
      });
    }
    return body as Result<T>;
  }

  return {
    axios: instance,
    request,
    getResult: async <T>(url: string, params?: QueryParams) => (await request<T>({ method: 'get', url, params })).result,
    postResult: async <T>(url: string, data?: unknown) => (await request<T>({ method: 'post', url, data })).result,
    putResult: async <T>(url: string, data?: unknown) => (await request<T>({ method: 'put', url, data })).result,
    deleteResult: async <T>(url: string, params?: QueryParams) =>
      (await request<T>({ method: 'delete', url, params })).result,
    async download(url, params, onProgress) {
      let response;
      try {
        response = await instance.request<Blob>({
          method: 'get',
          url,
          params,
          responseType: 'blob',
          timeout: TRANSFER_TIMEOUT_MS,
          onDownloadProgress: onProgress ? (event) => onProgress(event.loaded, event.total || undefined) : undefined,
        });
      } catch (cause) {
        const error = toHttpError(cause);
        if (error.status === 401) tellUnauthorized(error, cause);
        else tellFailure(error);
        throw error;
      }
      const blob = response.data;
      const type = String(response.headers['content-type'] ?? '');
      if (type.includes('application/json')) {
        const body: unknown = JSON.parse(await blob.text());
        const message = isEnvelope(body) ? body.message : '';
        throw new HttpError({ status: 200, code: isEnvelope(body) ? body.code : 0, message: message || '下载失败' });
      }
      const fallback = decodeURIComponent(url.split('/').pop() ?? 'download');
      return { blob, filename: filenameFromDisposition(response.headers['content-disposition'] as string | undefined, fallback) };
    },
    upload<T>(url: string, file: Blob & { name?: string }, fields: Record<string, string> = {}, onProgress?: (percent: number) => void) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', file, file.name ?? 'file');
      return request<T>({
        method: 'post',
        url,
        data: form,
        timeout: TRANSFER_TIMEOUT_MS,
        onUploadProgress: (event) => {
          if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
        },
      });
    },
    setUnauthorizedHandler(handler) {
      onUnauthorized = handler;
    },
    setErrorNotifier(notifier) {
      notifyError = notifier;
    },
  };
}

function isEnvelope(body: unknown): body is Result<unknown> {
  return !!body && typeof body === 'object' && typeof (body as Result<unknown>).success === 'boolean';
}

/** JeecgBoot 2.x answered an expired session with HTTP 500 and "Token失效" (contract §2.5). */
function isLegacyTokenFailure(error: HttpError): boolean {
  return error.status === 500 && error.message.includes('Token失效');
}

function toHttpError(cause: unknown): HttpError {
  if (!axios.isAxiosError(cause)) {
    return new HttpError({ status: 0, code: 0, message: cause instanceof Error ? cause.message : String(cause) });
  }
  if (!cause.response) {
    const timedOut = cause.code === 'ECONNABORTED' || cause.code === 'ETIMEDOUT';
    return new HttpError({ status: timedOut ? 504 : 0, code: 0, message: statusMessage(timedOut ? 504 : 0) });
  }
  const { status, data } = cause.response;
  const envelope = parseBody(data);
  const serverMessage = envelope && typeof envelope.message === 'string' ? envelope.message : '';
  return new HttpError({
    status,
    code: envelope && typeof envelope.code === 'number' ? envelope.code : status,
    message: status === 401 ? statusMessage(401) : serverMessage || statusMessage(status),
    fieldErrors: envelope ? readFieldErrors(envelope.result) : undefined,
  });
}

/** The 401 body arrives as text/html in JeecgBoot, so it may still be a JSON string. */
function parseBody(data: unknown): Partial<Result<unknown>> | undefined {
  if (typeof data === 'string') {
    try {
      return parseBody(JSON.parse(data));
    } catch {
      return undefined;
    }
  }
  return data && typeof data === 'object' ? (data as Partial<Result<unknown>>) : undefined;
}

import type { FieldError } from '../contracts/index.ts';

/**
 * Every failed call rejects with this: a business failure (`success:false`, HTTP 200), an HTTP error status, or a
 * network failure (status 0). `code` is the envelope code when the server sent one.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: number;
  readonly fieldErrors?: FieldError[];
  /**
   * Set by the http client once it has told the user of this failure itself (the 系统提示 notification of an HTTP
   * failure, or the 登录已过期 dialog): whoever catches the error must not tell again (one toast per failure).
   */
  shown = false;

  constructor(init: { status: number; code: number; message: string; fieldErrors?: FieldError[] }) {
    super(init.message);
    this.name = 'HttpError';
    this.status = init.status;
    this.code = init.code;
    if (init.fieldErrors && init.fieldErrors.length > 0) this.fieldErrors = init.fieldErrors;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

/** The text of a caught failure, whatever was thrown. */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The one way a screen tells the user of a failure it caught: through its own toast (`text`, by default the error's
 * message), unless the http client already showed that failure — then the user has seen it once, which is enough.
 */
export function toastFailure(toast: { error(text: string): unknown }, error: unknown, text = failureText(error)): void {
  if (isHttpError(error) && error.shown) return;
  void toast.error(text);
}

/** Message for a failure with no usable server text (wording follows the JeecgBoot client, contract §2.5). */
export function statusMessage(status: number): string {
  switch (status) {
    case 0:
      return '网络异常，请检查网络连接';
    case 401:
      return '很抱歉，登录已过期，请重新登录';
    case 403:
      return '拒绝访问';
    case 404:
      return '很抱歉，资源未找到!';
    case 504:
      return '网络超时';
    default:
      return `请求失败（${status}）`;
  }
}

/** Reads `result.errors` of a failed write; anything malformed is ignored. */
export function readFieldErrors(result: unknown): FieldError[] | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const errors = (result as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  return errors.filter(
    (e): e is FieldError =>
      !!e && typeof e === 'object' && typeof (e as FieldError).field === 'string' && typeof (e as FieldError).message === 'string',
  );
}

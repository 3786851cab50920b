/**
 * What the user is told when a request fails at the HTTP level (contract §2.5, the JeecgBoot client's catalogue).
 * Pure: the http client produces a notice, and src/app shows it (with antd) through the notifier it installs.
 * Business refusals (`success:false` on HTTP 200) are not here: the screen that asked shows those itself.
 */
import { statusMessage } from './errors.ts';
import type { HttpError } from './errors.ts';

export const ERROR_NOTICE_TITLE = '系统提示';
/** Seconds a notice stays on screen. */
export const ERROR_NOTICE_SECONDS = 3;

export interface ErrorNotice {
  status: number;
  title: string;
  description: string;
}

export type ErrorNotifier = (notice: ErrorNotice) => void;

/** Statuses whose wording is fixed whatever the server sent; every other status shows the server's message. */
const FIXED_WORDING = new Set([0, 403, 404, 504]);

export function errorNoticeFor(error: HttpError): ErrorNotice {
  const description = FIXED_WORDING.has(error.status) ? statusMessage(error.status) : error.message || statusMessage(error.status);
  return { status: error.status, title: ERROR_NOTICE_TITLE, description };
}

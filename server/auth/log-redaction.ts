/**
 * The server log never holds a credential. Fastify logs each request's URL; the URL may carry a session token a
 * client put in the query (refused by the guard, but logged before that), a CAS ticket, a signed link's
 * signature, or a one-time value in the path (remember-me, third-party login ticket). Those are replaced by
 * `[redacted]` before the line is written; credential headers are never part of a logged request, and `redact`
 * catches them should any other log call include headers.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

const SECRET_KEYS = new Set(['password', 'oldpassword', 'confirmpassword', 'smscode', 'captcha', 'token', 'ticket']);
const SECRET_PARTS = ['password', 'secret', 'token'];

/** Keys whose values are secrets: redacted here, masked in the operation log's stored parameters (server/domains/system/logs/params.ts). */
export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  return SECRET_KEYS.has(lower) || SECRET_PARTS.some((part) => lower.includes(part));
}

/** Where the log goes when not stdout (tests read it); one JSON line per `write`. */
export interface LogSink {
  write(line: string): void;
}

export interface LogSettings {
  level: string;
  sink?: LogSink;
}

/** Query keys whose values open something: the operation log's secret keys, plus a signed link's signature. */
const isCredentialKey = (key: string) => isSecretKey(key) || key.toLowerCase() === 'sign';

/** Path segments that are themselves one-time credentials: `/sys/remember/{value}`, `…/getLoginUser/{ticket}`. */
const CREDENTIAL_PATH = /(\/sys\/remember\/|\/thirdLogin\/getLoginUser\/)[^/?#]+/gi;

function decodedKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The URL as it may be logged: credential path segments and query values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(CREDENTIAL_PATH, `$1${REDACTED}`);
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const key = equals < 0 ? part : part.slice(0, equals);
      return equals >= 0 && isCredentialKey(decodedKey(key)) ? `${key}=${REDACTED}` : part;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Credential headers, wherever a log call might put a request's headers. */
const HEADER_PATHS = ['x-access-token', 'authorization', 'sec-websocket-protocol', 'cookie'].flatMap((name) => [
  `req.headers["${name}"]`,
  `headers["${name}"]`,
]);

type LoggerOption = FastifyServerOptions['logger'];

/** Fastify's `logger` option: off for `silent`, otherwise JSON lines with URLs and headers redacted. */
export function serverLoggerOptions(settings: LogSettings): LoggerOption {
  if (settings.level === 'silent') return false;
  return {
    level: settings.level,
    ...(settings.sink ? { stream: settings.sink } : {}),
    redact: { paths: HEADER_PATHS, censor: REDACTED },
    serializers: {
      // Fastify's own request serializer, with the URL redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

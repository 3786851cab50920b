/**
 * Malformed input is refused before any handler runs (issue 21, finding 6). One preValidation hook looks at every
 * request's query string, route parameters and JSON body and answers, as any refused input is answered (HTTP 200,
 * `success:false`, a sentence naming the parameter or field), when it finds
 *
 * - a NUL character, invalid UTF-8 (in a percent-encoding or a JSON or text body's bytes), or a lone UTF-16
 *   surrogate: no PostgreSQL text column can store them (22021 / 22P05), and the others would be silently stored
 *   as U+FFFD;
 * - a query value or route parameter longer than `MAX_URL_VALUE_CHARS`, unless it is a list of ids
 *   (deleteBatch's `ids`, an export's `selections`): no filter, code or id needs more;
 * - a paging parameter (`pageNo`, `pageSize`) that is a number but not a whole one within JeecgBoot's `Integer`,
 *   which some handlers would pass on as a LIMIT or OFFSET PostgreSQL cannot take;
 * - a number in a JSON body beyond what a double holds (`1e309` parses to Infinity).
 *
 * Repeated query keys are joined with commas, as Spring binds them to JeecgBoot's `String` parameters, so every
 * handler sees the strings its types promise. Runs before the guard (preHandler): an unsigned request with such
 * input learns only that its input is malformed.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';
import { BusinessError, ValidationError } from './errors.ts';

/** Longest query value or route parameter taken as it is (filters, codes, ids, an encoded advanced query). */
export const MAX_URL_VALUE_CHARS = 4_000;
/** A longer value is taken only as a comma-separated list of at most this many ids ... */
export const MAX_LIST_ITEMS = 1_000;
/** ... each at most this long (ids are 19 digits, usernames and codes far below). */
export const MAX_LIST_ITEM_CHARS = 64;
/** JeecgBoot declares pageNo and pageSize as Java `Integer`. */
const JAVA_INTEGER_MAX = 2_147_483_647;
const PAGING_PARAMETERS = new Set(['pageNo', 'pageSize']);

const NUL = '\u0000';
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be taken, or null. */
function textProblem(value: string): string | null {
  if (value.includes(NUL)) return '含有空字符（\\0）';
  if (LONE_SURROGATE.test(value)) return '含有无效的 Unicode 字符';
  return null;
}

function overLong(value: string): boolean {
  if (value.length <= MAX_URL_VALUE_CHARS) return false;
  const items = value.split(',');
  return items.length > MAX_LIST_ITEMS || items.some((item) => item.length > MAX_LIST_ITEM_CHARS);
}

/** Lone `%` signs are taken literally (as the query parser does); only a well-formed escape can be invalid UTF-8. */
const STRAY_PERCENT = /%(?![0-9A-Fa-f]{2})/g;

function decodes(component: string): boolean {
  if (!component.includes('%')) return true;
  try {
    decodeURIComponent(component.replace(STRAY_PERCENT, '%25'));
    return true;
  } catch {
    return false;
  }
}

/**
 * The first query parameter whose percent-encoding is not UTF-8: its name, '' when the name itself is broken, or
 * null when all decode. The parser keeps such a value undecoded (`%C3%28` as typed), so only the raw URL tells.
 */
function undecodableQueryName(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    const equals = pair.indexOf('=');
    const key = (equals < 0 ? pair : pair.slice(0, equals)).replace(/\+/g, ' ');
    const value = equals < 0 ? '' : pair.slice(equals + 1).replace(/\+/g, ' ');
    if (!decodes(key)) return '';
    if (!decodes(value)) return decodeURIComponent(key.replace(STRAY_PERCENT, '%25'));
  }
  return null;
}

/** A parameter's name as it may be shown: a malformed or absurd name is not repeated back. */
function shown(name: string): string {
  return textProblem(name) || name.length > 64 ? '' : name;
}

function refuseParameter(name: string, problem: string): BusinessError {
  const who = shown(name);
  return new BusinessError(who ? `参数 ${who} ${problem}` : `请求参数${problem}`);
}

/**
 * A page number or size that is a number must be a whole one within Java's Integer, as JeecgBoot's binding demands;
 * text that is no number at all is left to the handlers, which fall back to their defaults as before.
 */
function checkPagingNumber(name: string, value: string): void {
  const n = Number(value);
  if (value.trim() === '' || Number.isNaN(n)) return;
  if (Math.abs(n) > JAVA_INTEGER_MAX) throw refuseParameter(name, '超出范围');
  if (!Number.isInteger(n)) throw refuseParameter(name, '应为整数');
}

/** Checks query values (joining repeated keys) and route parameters; throws the refusal. */
function checkUrlValues(values: Record<string, unknown>, isQuery: boolean): void {
  for (const [name, raw] of Object.entries(values)) {
    const keyProblem = textProblem(name);
    if (keyProblem || name.length > MAX_URL_VALUE_CHARS) throw new BusinessError(`请求参数名${keyProblem ?? '过长'}`);
    const value = Array.isArray(raw) ? raw.map(String).join(',') : raw;
    if (typeof value !== 'string') continue;
    if (isQuery && Array.isArray(raw)) values[name] = value;
    const problem = textProblem(value);
    if (problem) throw refuseParameter(name, problem);
    if (overLong(value)) throw refuseParameter(name, `过长（最多 ${MAX_URL_VALUE_CHARS} 个字符）`);
    if (isQuery && PAGING_PARAMETERS.has(name)) checkPagingNumber(name, value);
  }
}

/** Walks a parsed JSON body without recursion (a deeply nested body must not exhaust the stack). */
function checkJsonBody(body: unknown): void {
  if (body === null || typeof body !== 'object') {
    if (typeof body === 'string' && textProblem(body)) throw new BusinessError(`提交的数据${textProblem(body)}`);
    if (typeof body === 'number' && !Number.isFinite(body)) throw new BusinessError('提交的数据不是有限的数值');
    return;
  }
  const pending: Array<{ value: unknown; path: string }> = [{ value: body, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    const entries: Array<[string, unknown]> = Array.isArray(value)
      ? value.map((item, index) => [`${path}[${index}]`, item])
      : Object.entries(value as Record<string, unknown>).map(([key, item]) => {
        const keyProblem = textProblem(key);
        if (keyProblem) throw new BusinessError(`提交的字段名${keyProblem}`);
        return [path ? `${path}.${key}` : key, item];
      });
    for (const [field, item] of entries) {
      if (typeof item === 'string') {
        const problem = textProblem(item);
        if (problem) throw new ValidationError([{ field, message: `${fieldLabel(field)}${problem}` }]);
      } else if (typeof item === 'number' && !Number.isFinite(item)) {
        throw new ValidationError([{ field, message: `${fieldLabel(field)}的数值超出范围` }]);
      } else if (item !== null && typeof item === 'object') {
        pending.push({ value: item, path: field });
      }
    }
  }
}

function fieldLabel(field: string): string {
  return field.length > 64 ? '字段' : `字段 ${field} `;
}

/** The refusal for this request's input, or null when it may go on. Query values' repeated keys are joined in place. */
export function malformedInput(request: Pick<FastifyRequest, 'url' | 'query' | 'params' | 'body'>): BusinessError | null {
  try {
    const undecodable = undecodableQueryName(request.url);
    if (undecodable !== null) return refuseParameter(undecodable, '不是有效的 UTF-8 编码');
    if (request.params && typeof request.params === 'object') checkUrlValues(request.params as Record<string, unknown>, false);
    if (request.query && typeof request.query === 'object') checkUrlValues(request.query as Record<string, unknown>, true);
    checkJsonBody(request.body);
    return null;
  } catch (error) {
    if (error instanceof BusinessError) return error;
    throw error;
  }
}

/**
 * JSON and plain-text bodies read as bytes, so invalid UTF-8 is refused instead of decoded to U+FFFD and stored as
 * such; the JSON itself is parsed as Fastify does by default (prototype poisoning refused).
 */
function registerUtf8BodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const refused = () => new BusinessError('提交的数据不是有效的 UTF-8 编码');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) return done(refused(), undefined);
    parseJson(request, body.toString('utf8'), done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    if (!isUtf8(body)) return done(refused(), undefined);
    done(null, body.toString('utf8'));
  });
}

export function registerInputGuard(app: FastifyInstance): void {
  registerUtf8BodyParsers(app);
  // Callback style: it runs on every request, and an async hook costs a promise and a microtask each.
  app.addHook('preValidation', (request, _reply, done) => {
    done(malformedInput(request) ?? undefined);
  });
}

/**
 * Fastify's own refusals of a URL, answered as the hook's are: a route parameter that is not valid percent-encoded
 * UTF-8 (FST_ERR_BAD_URL) or longer than the router takes (FST_ERR_MAX_PARAM_LENGTH).
 */
export function answerFrameworkError(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址中的参数过长' : '请求地址含有无效的编码';
  void reply.status(200).send(fail(message, 500));
}

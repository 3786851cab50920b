/** Builders for the JeecgBoot `Result` envelope (contract §1.1). */
import type { FastifyReply } from 'fastify';
import type { FieldError, Result } from '../../src/contracts/envelope.ts';

export function ok<T>(result: T, message = ''): Result<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

export function fail(message: string, code = 500, result: unknown = null): Result<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}

export function fieldFailure(errors: FieldError[]): Result<unknown> {
  const first = errors[0];
  return fail(first ? first.message : '提交的数据不正确', 500, { errors });
}

/**
 * Sends a success envelope around an already serialised `result` (what `ok` would send), so a cached answer is not
 * parsed and serialised again; the timestamp is this answer's own.
 */
export function sendResultJson(reply: FastifyReply, resultJson: Buffer): FastifyReply {
  // Bytes, not a string: the 10–20 KB page is copied once instead of measured and UTF-8 encoded on every answer.
  const body = Buffer.concat([SUCCESS_PREFIX, resultJson, Buffer.from(`,"timestamp":${Date.now()}}`)]);
  return reply.type('application/json; charset=utf-8').send(body);
}

const SUCCESS_PREFIX = Buffer.from('{"success":true,"message":"","code":200,"result":');

/**
 * WebSocket handshakes (contract §7): browsers cannot set headers on a WebSocket, so the session token travels as
 * the first subprotocol (`new WebSocket(url, [token])`) and `ws` echoes it, as browsers require. The token is
 * copied into the header the deny-by-default guard reads, so a socket route is checked like any HTTP call; a token
 * in the URL is never used. The `:userId` in the path must be the caller's own.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../core/envelope.ts';
import { AuthError } from '../core/errors.ts';
import { requireCaller } from '../auth/guard.ts';

/** The token offered as the first subprotocol (`Sec-WebSocket-Protocol: <token>[, other]`). */
export function protocolToken(request: FastifyRequest): string {
  const header = request.headers['sec-websocket-protocol'];
  const raw = Array.isArray(header) ? header[0] : header;
  return (raw ?? '').split(',')[0]?.trim() ?? '';
}

/** onRequest: the subprotocol's token becomes the request's token (and nothing else may). */
export async function tokenFromProtocol(request: FastifyRequest): Promise<void> {
  const token = protocolToken(request);
  if (!token) throw new AuthError();
  // The guard reads this header only (a `?token=` in the socket's URL counts for nothing).
  request.headers['x-access-token'] = token;
}

/** preHandler (after the guard): the socket's path names the caller, never another user. */
export async function ownSocketOnly(request: FastifyRequest<{ Params: { userId: string } }>, reply: FastifyReply): Promise<void> {
  const caller = requireCaller(request);
  if (request.params.userId !== caller.userId) {
    await reply.code(403).send(fail('没有权限，请联系管理员授权', 403));
  }
}

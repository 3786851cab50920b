/**
 * `GET /jeecg-boot/websocket/{userId}` (contract §7). The browser cannot set headers on a WebSocket, so the
 * session token travels as the subprotocol (`new WebSocket(url, [token])`); `ws` echoes the first offered
 * protocol, which browsers require. The route is `authenticated`: the deny-by-default guard checks the session in
 * the handshake like any HTTP call — the token is copied from the subprotocol into the header the guard reads, and
 * a token in the URL is never used here. A refused handshake answers 401/403 instead of 101 Switching Protocols.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { requireCaller } from '../../../auth/guard.ts';
import { ownSocketOnly, tokenFromProtocol } from '../../../socket/handshake.ts';
import type { SocketHub } from './socket-hub.ts';

export const HEARTBEAT_REPLY = { cmd: 'heartcheck', msgTxt: '心跳响应' } as const;

export { protocolToken } from '../../../socket/handshake.ts';

function isHeartbeat(text: string): boolean {
  if (text === 'HeartBeat' || text === 'heartcheck') return true;
  try {
    const parsed = JSON.parse(text) as { cmd?: unknown; type?: unknown };
    return parsed?.cmd === 'heartcheck' || parsed?.type === 'heartcheck';
  } catch {
    return false;
  }
}

export function registerWebsocketRoute(app: FastifyInstance, prefix: string, hub: SocketHub): void {
  // @fastify/websocket is registered once for the whole app (server/app.ts): /vxeSocket shares the upgrade handling.
  app.get<{ Params: { userId: string } }>(
    `${prefix}/websocket/:userId`,
    { websocket: true, config: { authenticated: true }, onRequest: tokenFromProtocol, preHandler: ownSocketOnly },
    (socket: WebSocket, request: FastifyRequest<{ Params: { userId: string } }>) => {
      const userId = requireCaller(request).userId;
      hub.add(userId, socket);
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        // Heartbeat answers go to the sender only (JeecgBoot 3.4 broadcast them to everyone).
        if (isHeartbeat(data.toString())) socket.send(JSON.stringify(HEARTBEAT_REPLY));
      });
      socket.on('close', () => hub.remove(userId, socket));
    },
  );
}

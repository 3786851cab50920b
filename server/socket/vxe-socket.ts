/**
 * `GET /jeecg-boot/vxeSocket/{userId}/{pageId}` (contract §7): the live-update socket of editable grids. Messages
 * are `{type, data}` JSON both ways: `heart_beat` (answered `data: true`), `bind` `{socketKey}` (this page shows a
 * live grid of that entity — our client sends it, with `batch: true` to get `update_vxe_table_batch` frames
 * `{socketKey, rows: [[row, caseId], …]}`; a JeecgBoot client binds by sending its first update and gets one
 * `update_vxe_table` per row), and `update_vxe_table` `{socketKey, args: [row, caseId]}`, relayed as
 * "row <row.id> changed" (live-rows.ts).
 * Invalid JSON and unknown types are ignored. Sessions are re-checked every minute; an ended one closes the page.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext, Caller } from '../context.ts';
import { requireCaller } from '../auth/guard.ts';
import { findSessionGrants } from '../auth/sessions.ts';
import { ownSocketOnly, protocolToken, tokenFromProtocol } from './handshake.ts';
import type { LivePage, LiveRows } from './live-rows.ts';

const PAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SESSION_CHECK_MS = 60_000;
/** More messages than this per second from one page are dropped (a grid sends a few per edit at most). */
const MAX_MESSAGES_PER_SECOND = 50;

interface Incoming {
  type?: unknown;
  data?: unknown;
}

function parse(text: string): Incoming | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Incoming) : undefined;
  } catch {
    return undefined;
  }
}

async function currentCaller(ctx: AppContext, page: LivePage): Promise<Caller | null> {
  const grants = await findSessionGrants(ctx.db, page.token);
  if (!grants) return null;
  const { permissionCodes, ...session } = grants;
  return { ...session, tenantId: page.caller.tenantId, permissions: permissionCodes };
}

export function registerVxeSocket(app: FastifyInstance, ctx: AppContext, prefix: string, live: LiveRows): void {
  app.get<{ Params: { userId: string; pageId: string } }>(
    `${prefix}/vxeSocket/:userId/:pageId`,
    { websocket: true, config: { authenticated: true }, onRequest: tokenFromProtocol, preHandler: ownSocketOnly },
    (socket: WebSocket, request: FastifyRequest<{ Params: { userId: string; pageId: string } }>) => {
      const caller = requireCaller(request);
      const { pageId } = request.params;
      if (!PAGE_ID.test(pageId)) {
        socket.close(4002, 'bad page id');
        return;
      }
      const page: LivePage = { pageId, token: protocolToken(request), socket, caller, tables: new Set() };
      live.add(page);
      let queue: Promise<void> = Promise.resolve();
      let windowStart = Date.now();
      let count = 0;
      socket.on('message', (raw, isBinary) => {
        if (isBinary) return;
        const now = Date.now();
        if (now - windowStart > 1000) [windowStart, count] = [now, 0];
        if (++count > MAX_MESSAGES_PER_SECOND) return;
        const message = parse(raw.toString());
        if (!message) return;
        // One at a time, in order: a heartbeat is answered only after the page's earlier messages were handled.
        queue = queue.then(() => handle(message)).catch((error: unknown) => request.log.warn({ err: error }, 'vxeSocket message failed'));
      });
      socket.on('close', () => live.remove(pageId, socket));

      async function handle(message: Incoming): Promise<void> {
        const data = (message.data ?? {}) as { socketKey?: unknown; args?: unknown; batch?: unknown };
        if (message.type === 'heart_beat') {
          // After any update already under way, so the page has seen everything sent before its heartbeat.
          await live.settled();
          socket.send(JSON.stringify({ type: 'heart_beat', data: true }));
        } else if (message.type === 'bind' && typeof data.socketKey === 'string') {
          live.bind(pageId, data.socketKey, data.batch === true);
        } else if (message.type === 'update_vxe_table' && typeof data.socketKey === 'string' && Array.isArray(data.args)) {
          const [row, caseId] = data.args as [unknown, unknown];
          const id = row && typeof row === 'object' ? (row as { id?: unknown }).id : undefined;
          if (typeof id !== 'string' || !(await live.canSee(page.caller, data.socketKey, id))) return;
          live.bind(pageId, data.socketKey);
          await live.rowChanged({ tenantId: page.caller.tenantId, entity: data.socketKey, id, caseId: typeof caseId === 'string' ? caseId : null });
        }
      }
    },
  );

  const timer = setInterval(() => {
    // One session read per token and tenant, however many pages it has open.
    const callers = new Map<string, Promise<Caller | null>>();
    const resolve = (page: LivePage) => {
      const key = `${page.caller.tenantId}\u0000${page.token}`;
      const caller = callers.get(key) ?? currentCaller(ctx, page);
      callers.set(key, caller);
      return caller;
    };
    void live.refreshCallers(resolve).catch(() => undefined);
  }, SESSION_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await live.close();
  });
}

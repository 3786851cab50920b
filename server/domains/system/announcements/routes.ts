/**
 * Announcements' endpoints beyond CRUD (publish/revoke, re-push, the rendered page), per-user read state and the
 * /websocket push (issue 5); registered by the domain module server/domains/system/announcements.ts, whose hooks
 * add the announcement rules to the engine's list/add/edit/delete. One hub per app: it holds this process's
 * sockets and, with REDIS_URL, hears every process's pushes; it is closed with the app.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { registerAnnouncementAdminRoutes } from './admin-routes.ts';
import { registerAnnouncementInboxRoutes } from './inbox-routes.ts';
import { registerAnnouncementExtraRoutes } from './extra-routes.ts';
import { SocketHub } from './socket-hub.ts';
import { registerWebsocketRoute } from './websocket.ts';

export function registerAnnouncementsRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const entity = (name: string) => {
    const found = ctx.entities.find((e) => e.schema.name === name);
    if (!found) throw new Error(`schemas/entities/system: entity ${name} is missing (announcements need it)`);
    return found;
  };
  const announcements = entity('sysAnnouncement');
  const receipts = entity('sysAnnouncementSend');
  const hub = new SocketHub(ctx.config.redisUrl);
  app.decorate('socketHub', hub);
  app.addHook('onClose', async () => hub.close());
  registerAnnouncementAdminRoutes(app, ctx, prefix, announcements, hub);
  registerAnnouncementInboxRoutes(app, ctx, prefix, announcements, receipts, hub);
  registerAnnouncementExtraRoutes(app, ctx, prefix, announcements, hub);
  registerWebsocketRoute(app, prefix, hub);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes to connected users' /websocket sockets (server/domains/system/announcements/socket-hub.ts). */
    socketHub: SocketHub;
  }
}

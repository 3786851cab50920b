/**
 * Announcements (/sys/annountCement, the spelling is JeecgBoot's) on the engine: list/add/edit/delete are the
 * engine's over sys_announcement (migration 0170, tenant-scoped). Delete is soft (storage.deletedFlag, as in
 * JeecgBoot), so deleted messages vanish from every list and inbox; only drafts can be edited (editWhen: a published
 * message was already read by people, so it is revoked and written anew instead).
 *
 * What is the domain's own: a USER message needs addressees (the schema cannot say "required when msgType is USER")
 * and only a USER message keeps them; 结束时间 not before 开始时间; 去处理's target is this app's page or screen.
 * Publish/revoke, re-push, the rendered page, the header bell, marking read and the /websocket push stay endpoints
 * of their own under server/domains/system/announcements (registered here).
 */
import { ValidationError } from '../../core/errors.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { checkOpenTarget, checkWindow } from './announcements/extra-routes.ts';
import { registerAnnouncementsRoutes } from './announcements/routes.ts';
import { splitList } from './announcements/store.ts';
import { ensureRows } from './announcements/inbox-routes.ts';
import { knownComponents } from './menus/validation.ts';

const announcementHooks: EntityHooks = {
  beforeWrite({ ctx, record }) {
    if (record.msgType === 'USER' && splitList(record.userIds).length === 0) {
      throw new ValidationError([{ field: 'userIds', message: '指定用户：请选择用户' }]);
    }
    if (record.msgType !== 'USER') delete record.userIds;
    checkWindow(record);
    checkOpenTarget(record, knownComponents(ctx.config.schemasDir, ctx.entities));
  },
};

/**
 * 我的消息 (sysAnnouncementSend, a view of receipts inside their display window, migration 0172: storage.view) on
 * the engine, each user reaching their own (dataScope.self): reading first makes the caller's receipts of messages
 * published since (JeecgBoot writes them at publish time for USER messages only).
 */
const receiptHooks: EntityHooks = {
  beforeRead: ({ ctx, caller }) => ensureRows(ctx, caller),
};

export const announcementsDomain: DomainModule = {
  name: 'system/announcements',
  hooks: { sysAnnouncement: announcementHooks, sysAnnouncementSend: receiptHooks },
  routes: registerAnnouncementsRoutes,
};

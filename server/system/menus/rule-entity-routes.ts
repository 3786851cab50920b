/**
 * A page's data rules as an entity (schemas/entities/system/sys-permission-data-rule.entity.json), so the menu
 * editor's 数据规则 drawer is the stock child-list panel: list/queryById/add/edit/delete/deleteBatch under
 * /sys/permissionDataRule, each guarded by the entity's own codes, over the same checks as JeecgBoot's endpoints.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Result } from '../../../src/contracts/envelope.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';

type Rule = Record<string, unknown> & { id: string };

export interface RuleStore {
  list(permissionId: string, name?: string): Promise<Rule[]>;
  one(id: string): Promise<Rule>;
  add(body: Record<string, unknown>, username: string): Promise<Result<string>>;
  edit(body: Record<string, unknown>, username: string): Promise<Result<null>>;
  remove(ids: string[]): Promise<Result<null>>;
}

const CODE = (action: string) => ({ permission: `system:permissionDataRule:${action}` });

function param(query: unknown, name: string): string {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.replaceAll('*', '').trim() : '';
}

function bodyOf(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as Record<string, unknown>;
}

export function registerRuleEntityRoutes(app: FastifyInstance, _ctx: AppContext, prefix: string, store: RuleStore): void {
  const base = `${prefix}/sys/permissionDataRule`;
  app.get(`${base}/list`, { config: CODE('list') }, async (request) => {
    const permissionId = param(request.query, 'permissionId');
    // Rules only ever list for one page (the drawer always sends it).
    if (!permissionId) return ok([]);
    return ok(await store.list(permissionId, param(request.query, 'ruleName')));
  });
  app.get(`${base}/queryById`, { config: CODE('list') }, async (request) => ok(await store.one(param(request.query, 'id'))));
  app.post(`${base}/add`, { config: CODE('add') }, async (request) => store.add(bodyOf(request.body), requireCaller(request).username));
  app.put(`${base}/edit`, { config: CODE('edit') }, async (request) => store.edit(bodyOf(request.body), requireCaller(request).username));
  app.post(`${base}/edit`, { config: CODE('edit') }, async (request) => store.edit(bodyOf(request.body), requireCaller(request).username));
  app.delete(`${base}/delete`, { config: CODE('delete') }, async (request) => store.remove([param(request.query, 'id')].filter(Boolean)));
  app.delete(`${base}/deleteBatch`, { config: CODE('delete') }, async (request) =>
    store.remove(param(request.query, 'ids').split(',').map((s) => s.trim()).filter(Boolean)),
  );
}

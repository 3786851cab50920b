/**
 * Deny by default. Every route declares in its config whether it is public, open to any logged-in user, or needs
 * a permission code; a route that declares none of these is refused. The decision is made on the matched route
 * itself, never on URL patterns or suffixes (JeecgBoot's `.js` suffix bypass, contract §9 #8, cannot happen).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, Caller } from '../context.ts';
import { AuthError, BusinessError, PermissionError } from '../core/errors.ts';
import { findSessionGrants } from './sessions.ts';

export const API_PREFIX = '/jeecg-boot';

export const PASSWORD_CHANGE_REQUIRED = '请先修改初始密码';

export const TENANT_CHANGED_MESSAGE = '用户租户信息变更,请重新登陆!';

/**
 * The session token comes from the `X-Access-Token` header only. A `?token=` in the URL would be kept by proxies,
 * browser history, Referer headers and request logs; the two places a client cannot set headers have their own
 * ways: sockets copy the subprotocol into this header (socket/handshake.ts) and files use signed links
 * (files/signing.ts).
 */
function tokenOf(request: FastifyRequest): string {
  const header = request.headers['x-access-token'];
  return typeof header === 'string' ? header : '';
}

export const TENANT_FROZEN_MESSAGE = '该租户已被冻结或不在有效期内，请重新登录';

const tenantIds = (list: string | null | undefined): number[] =>
  (list ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);

/**
 * The tenant a request acts in: the header's choice if it is one of the user's tenants, else the first. A frozen
 * or expired tenant (`blockedTenantIds`) cannot be chosen, and a user whose tenants are all blocked is refused.
 */
function resolveTenant(request: FastifyRequest, relTenantIds: string | null, blockedTenantIds?: string | null): number {
  const own = tenantIds(relTenantIds);
  const blocked = tenantIds(blockedTenantIds);
  const allowed = own.filter((id) => !blocked.includes(id));
  const raw = request.headers['tenant-id'];
  const asked = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : 0;
  if (asked && Number.isInteger(asked) && asked > 0) {
    if (!own.includes(asked)) throw new AuthError(TENANT_CHANGED_MESSAGE);
    if (blocked.includes(asked)) throw new AuthError(TENANT_FROZEN_MESSAGE);
    return asked;
  }
  if (own.length > 0 && allowed.length === 0) throw new AuthError(TENANT_FROZEN_MESSAGE);
  return allowed[0] ?? 0;
}

export async function resolveCaller(ctx: AppContext, request: FastifyRequest): Promise<Caller | null> {
  const grants = await findSessionGrants(ctx.db, tokenOf(request));
  if (!grants) return null;
  const tenantHeader = String(request.headers['tenant-id'] ?? '');
  let byTenant = callers.get(grants);
  const known = byTenant?.get(tenantHeader);
  if (known) return known;
  const { permissionCodes, ...session } = grants;
  const tenantId = resolveTenant(request, session.relTenantIds, session.blockedTenantIds);
  const caller: Caller = { ...session, tenantId, permissions: permissionCodes };
  if (!byTenant) callers.set(grants, (byTenant = new Map()));
  // A handful of spellings per session; a client sending endless variants of its header gets no memo.
  if (byTenant.size < 8) byTenant.set(tenantHeader, caller);
  return caller;
}

/**
 * Callers already built from a cached grants object, per `tenant-id` header. Grants objects are replaced whenever
 * the database announces a change (grants-cache.ts), so an entry lives exactly as long as the answer it came from.
 * Callers are shared between requests: nothing may change one.
 */
const callers = new WeakMap<object, Map<string, Caller>>();

export function registerGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('caller', null);
  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    // Only the API is guarded here; other routes are the static web app, public by nature.
    if (!url || !url.startsWith(API_PREFIX)) return;
    if (config.public) return;
    const caller = await resolveCaller(ctx, request);
    if (!caller) throw new AuthError();
    request.caller = caller;
    if (caller.mustChangePassword && !config.allowedBeforePasswordChange) {
      throw new BusinessError(PASSWORD_CHANGE_REQUIRED, 406);
    }
    if (config.permission) {
      if (!caller.permissions.has(config.permission)) throw new PermissionError();
      return;
    }
    if (config.authenticated) return;
    request.log.error({ url: request.routeOptions.url }, 'route declares no access rule; refusing');
    throw new PermissionError();
  });
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AuthError();
  return request.caller;
}

/**
 * Third-party login over OAuth 2.0 (authorization-code flow), JeecgBoot's `/sys/thirdLogin/*`:
 *
 * 1. `GET /sys/thirdLogin/render/oauth2` sends the browser to the provider with a single-use `state`.
 * 2. The provider sends it back to `GET /sys/thirdLogin/oauth2/callback?code&state`; the server checks the state,
 *    trades the code for an access token, reads the user from the provider and finds the local account
 *    (the configured claim must equal a username). It then hands the browser a one-minute, single-use ticket on
 *    `/user/login?thirdLoginToken=…` — never a session token in a URL.
 * 3. The login page trades the ticket at `GET /sys/thirdLogin/getLoginUser/{token}` (also `/thirdLogin/…`) for the
 *    same answer `/sys/login` gives.
 *
 * Only accounts that already exist here can sign in: a provider cannot create users or pick a user by id.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext, OAuth2Config } from '../context.ts';
import { fail } from '../core/envelope.ts';
import { completeLogin } from './routes.ts';

const STATE_TTL_SECONDS = 600;
const TICKET_TTL_SECONDS = 60;
const PROVIDER_TIMEOUT_MS = 5000;
const SOURCE = 'oauth2';
const LOGIN_PAGE = '/user/login';

const stateKey = (state: string) => `third-login:state:${state}`;
const ticketKey = (ticket: string) => `third-login:ticket:${ticket}`;

/** The browser's start address for third-party login, or '' when it is not configured. */
export function thirdLoginStartPath(ctx: AppContext, prefix: string): string {
  return ctx.config.oauth2 ? `${prefix}/sys/thirdLogin/render/${SOURCE}` : '';
}

/** Reads a claim that may be nested (`data.username`), as some providers wrap their user object. */
export function claimOf(profile: unknown, path: string): string | undefined {
  let value: unknown = profile;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

async function exchangeCode(oauth: OAuth2Config, code: string): Promise<string> {
  const response = await fetch(oauth.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: oauth.redirectUrl,
      client_id: oauth.clientId,
      client_secret: oauth.clientSecret,
    }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
  const body = (await response.json()) as { access_token?: unknown };
  if (typeof body.access_token !== 'string' || !body.access_token) throw new Error('token endpoint gave no access_token');
  return body.access_token;
}

async function fetchProfile(oauth: OAuth2Config, accessToken: string): Promise<unknown> {
  const response = await fetch(oauth.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`userinfo endpoint answered ${response.status}`);
  return response.json();
}

function loginPageWith(params: Record<string, string>): string {
  return `${LOGIN_PAGE}?${new URLSearchParams(params).toString()}`;
}

export function registerThirdLoginRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get<{ Params: { source: string } }>(`${prefix}/sys/thirdLogin/render/:source`, { config: { public: true } }, async (request, reply) => {
    const oauth = ctx.config.oauth2;
    if (!oauth || request.params.source !== SOURCE) return reply.redirect(loginPageWith({ thirdLoginError: '未启用该第三方登录' }));
    const state = crypto.randomBytes(24).toString('base64url');
    await ctx.kv.set(stateKey(state), '1', STATE_TTL_SECONDS);
    const url = new URL(oauth.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', oauth.clientId);
    url.searchParams.set('redirect_uri', oauth.redirectUrl);
    url.searchParams.set('scope', oauth.scope);
    url.searchParams.set('state', state);
    return reply.redirect(url.toString());
  });

  app.get<{ Params: { source: string }; Querystring: { code?: string; state?: string } }>(
    `${prefix}/sys/thirdLogin/:source/callback`,
    { config: { public: true } },
    async (request, reply) => {
      const oauth = ctx.config.oauth2;
      const refuse = (message: string) => reply.redirect(loginPageWith({ thirdLoginError: message }));
      if (!oauth || request.params.source !== SOURCE) return refuse('未启用该第三方登录');
      const { code, state } = request.query;
      if (typeof state !== 'string' || !state || !(await ctx.kv.take(stateKey(state)))) return refuse('登录请求已失效，请重新登录');
      if (typeof code !== 'string' || !code) return refuse('第三方登录已取消');
      let username: string | undefined;
      try {
        username = claimOf(await fetchProfile(oauth, await exchangeCode(oauth, code)), oauth.userField);
      } catch (cause: unknown) {
        request.log.warn({ err: cause }, 'third-party login: provider call failed');
        return refuse('无法连接第三方登录服务，请稍后再试');
      }
      const user = username ? await ctx.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst() : undefined;
      if (!user) return refuse('该第三方账号未绑定平台用户，请联系管理员');
      const ticket = crypto.randomBytes(32).toString('base64url');
      await ctx.kv.set(ticketKey(ticket), user.id, TICKET_TTL_SECONDS);
      return reply.redirect(loginPageWith({ thirdLoginToken: ticket }));
    },
  );

  const getLoginUser = async (request: { params: { token: string }; ip: string }) => {
    const userId = /^[A-Za-z0-9_-]{20,100}$/.test(request.params.token) ? await ctx.kv.take(ticketKey(request.params.token)) : null;
    if (!userId) return fail('登录凭证已失效，请重新登录');
    const user = await ctx.db.selectFrom('sys_user').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) return fail('登录凭证已失效，请重新登录');
    return completeLogin(ctx, user, request.ip);
  };
  for (const base of ['/sys/thirdLogin', '/thirdLogin']) {
    app.get<{ Params: { token: string } }>(`${prefix}${base}/getLoginUser/:token`, { config: { public: true, audit: 'login' } }, getLoginUser);
  }
}

/**
 * `GET /jeecg-boot/openapi.json`. An onRoute hook, added before any route, records every route with its access
 * rule; the document is built once, on first request, when all routes exist. It needs a session: it lists every
 * endpoint and permission code, which is a map for an attacker and of no use to anyone not signed in.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { buildOpenApiDocument, type RegisteredRoute } from './document.ts';

export function collectRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = (route.config ?? {}) as { public?: boolean; authenticated?: boolean; permission?: string };
    for (const method of methods) {
      routes.push({ method: method.toUpperCase(), url: route.url, public: config.public, authenticated: config.authenticated, permission: config.permission });
    }
  });
  return routes;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function registerOpenApiRoute(app: FastifyInstance, ctx: AppContext, prefix: string, routes: RegisteredRoute[]): void {
  let document: string | null = null;
  app.get(`${prefix}/openapi.json`, { config: { authenticated: true } }, async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument(routes, ctx.entities.map((e) => e.schema), prefix, packageVersion()));
    return reply.type('application/json; charset=utf-8').send(document);
  });
}

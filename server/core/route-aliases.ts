/**
 * Alias routes: a second URL for an existing route that shares its handler, access rule (config) and hooks, so
 * the two can never drift apart the way a copied handler would. Used for endpoint bases that clients know under
 * another spelling (e.g. the JeecgBoot front end's `/api/user` for `/sys/user/list`).
 *
 * `watchForAliases` must be called before the target routes are registered (it listens to `onRoute`), and
 * `register()` after them.
 */
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';

export interface RouteAlias {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'DELETE'>;
  /** The alias URL, prefix included. */
  alias: string;
  /** The existing route's URL, prefix included. */
  target: string;
}

/** Route options copied to an alias: everything that decides who may call it and what it does. */
const SHARED_OPTIONS = [
  'handler', 'schema', 'attachValidation', 'bodyLimit', 'logLevel', 'errorHandler',
  'onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse', 'onError', 'onTimeout',
] as const satisfies readonly (keyof RouteOptions)[];

function keyOf(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

export function watchForAliases(app: FastifyInstance, aliases: readonly RouteAlias[]): { register(): void } {
  const wanted = new Set(aliases.map((a) => keyOf(a.method, a.target)));
  const seen = new Map<string, RouteOptions>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const key = keyOf(method, route.url);
      if (wanted.has(key)) seen.set(key, route);
    }
  });
  return {
    register() {
      for (const { method, alias, target } of aliases) {
        const route = seen.get(keyOf(method, target));
        // A missing target is a wiring mistake: fail the start instead of serving a silent 404.
        if (!route) throw new Error(`route alias ${alias}: no ${method} ${target} was registered`);
        const shared: Partial<RouteOptions> = {};
        for (const name of SHARED_OPTIONS) {
          if (route[name] !== undefined) Object.assign(shared, { [name]: route[name] });
        }
        // Fastify adds url/method to a route's config; the alias gets its own.
        const { url: _url, method: _method, ...config } = (route.config ?? {}) as Record<string, unknown>;
        app.route({ ...shared, method, url: alias, config, handler: route.handler });
      }
    },
  };
}

/**
 * Cross-origin access for browser clients served from another origin (CORS_ORIGINS, comma-separated; issue 24):
 * e.g. the stock JeecgBoot Vue2 client's development server. Only listed origins get CORS headers, their own
 * origin echoed (never `*`), and never Access-Control-Allow-Credentials: sign-in travels in the X-Access-Token
 * header, not in cookies, so a listed page can call the API only with a token its user typed in there. An
 * unlisted origin gets no CORS header at all (the browser then blocks its reads), and its preflight is not answered.
 */
import type { FastifyInstance } from 'fastify';

/** Request headers the stock Vue2 client (src/utils/request.js, src/api/manage.js) and this app's client send. */
const ALLOWED_HEADERS = [
  'X-Access-Token', 'tenant-id', 'Content-Type', 'X-Requested-With', 'X-Sign', 'X-TIMESTAMP', 'X-Low-App-ID', 'Idempotency-Key',
].join(', ');
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
/** Exports name their file in Content-Disposition, which a cross-origin script may not read unless exposed. */
const EXPOSED_HEADERS = 'Content-Disposition';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** `https://a.example.com, http://localhost:3000/` → normalised origins; blanks dropped. */
export function parseCorsOrigins(value: string | undefined): string[] {
  return (value ?? '').split(',').map(normaliseOrigin).filter((origin) => origin !== '');
}

function normaliseOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins.map(normaliseOrigin));
  // Callback style: it runs on every request, and an async hook costs a promise and a microtask each.
  app.addHook('onRequest', (request, reply, done) => {
    // Answers differ by Origin from here on: caches must keep them apart.
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(normaliseOrigin(origin))) return done();
    reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      // The preflight is answered here, before the guard: it carries no token by design.
      reply
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS)
        .status(204)
        .send();
      return;
    }
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    done();
  });
}

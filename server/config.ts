/** Configuration from the environment, with the defaults a newcomer's `npm start` needs. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from './context.ts';
import { parseCorsOrigins } from './core/cors.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data')),
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(env.DATA_DIR ?? path.join(ROOT, 'data'), 'upload')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    captchaEnabled: (env.LOGIN_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    seedPassword: env.SEED_PASSWORD || 'Freight@2026',
    schemasDir: path.join(ROOT, 'schemas'),
    webDir: path.join(ROOT, 'dist'),
    seedDrivers: Number(env.SEED_DRIVERS ?? 300),
    casServerUrl: env.CAS_SERVER_URL?.replace(/\/+$/, '') || undefined,
    casServiceUrl: env.CAS_SERVICE_URL || undefined,
    oauth2: oauth2FromEnv(env),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
  };
}

/** Third-party login needs all four endpoints/credentials; a partial configuration leaves it off. */
function oauth2FromEnv(env: NodeJS.ProcessEnv): ServerConfig['oauth2'] {
  const { OAUTH2_AUTHORIZE_URL, OAUTH2_TOKEN_URL, OAUTH2_USERINFO_URL, OAUTH2_CLIENT_ID, OAUTH2_CLIENT_SECRET, OAUTH2_REDIRECT_URL } = env;
  if (!OAUTH2_AUTHORIZE_URL || !OAUTH2_TOKEN_URL || !OAUTH2_USERINFO_URL || !OAUTH2_CLIENT_ID || !OAUTH2_CLIENT_SECRET || !OAUTH2_REDIRECT_URL) {
    return undefined;
  }
  return {
    name: env.OAUTH2_NAME || '第三方账号',
    authorizeUrl: OAUTH2_AUTHORIZE_URL,
    tokenUrl: OAUTH2_TOKEN_URL,
    userinfoUrl: OAUTH2_USERINFO_URL,
    clientId: OAUTH2_CLIENT_ID,
    clientSecret: OAUTH2_CLIENT_SECRET,
    redirectUrl: OAUTH2_REDIRECT_URL,
    scope: env.OAUTH2_SCOPE || 'openid profile',
    userField: env.OAUTH2_USER_FIELD || 'preferred_username',
  };
}

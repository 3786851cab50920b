/** Configuration from the environment, with the defaults a newcomer's `npm start` needs. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from './context.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    captchaEnabled: (env.LOGIN_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    seedPassword: env.SEED_PASSWORD || 'Freight@2026',
    schemasDir: path.join(ROOT, 'schemas'),
    webDir: path.join(ROOT, 'dist'),
    seedDrivers: Number(env.SEED_DRIVERS ?? 300),
  };
}

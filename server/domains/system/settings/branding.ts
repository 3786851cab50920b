/** Platform branding, public because the login page shows it before anyone signs in. */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '../../../../src/contracts/settings.ts';
import type { AppContext } from '../../../context.ts';
import type { SystemTables } from '../../../db/schema.ts';
import { ok } from '../../../core/envelope.ts';
import { casLoginUrl } from '../../../auth/cas-routes.ts';
import { thirdLoginStartPath } from '../../../auth/third-login.ts';

export const DEFAULT_SETTINGS: PlatformSettings = DEFAULT_PLATFORM_SETTINGS;

export async function readPlatformSettings(db: Kysely<SystemTables>): Promise<PlatformSettings> {
  const row = await db.selectFrom('hy_setting').select('value').where('id', '=', 'platform').executeTakeFirst();
  const stored = (row?.value ?? {}) as Partial<PlatformSettings>;
  const merged: PlatformSettings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as Array<keyof PlatformSettings>) {
    const value = stored[key];
    if (value !== undefined && typeof value === typeof DEFAULT_SETTINGS[key]) (merged as unknown as Record<string, unknown>)[key] = value;
  }
  return merged;
}

async function fileDomains(db: Kysely<SystemTables>): Promise<Pick<PlatformSettings, 'staticDomain' | 'bankReceiptDomain'>> {
  const found = await sql<{ staticDomain: string | null; bankReceiptDomain: string | null }>`select static_domain as "staticDomain",
    bank_receipt_domain as "bankReceiptDomain" from hy_config where id = 'hyconfig'`.execute(db);
  const row = found.rows[0];
  return { staticDomain: row?.staticDomain ?? '', bankReceiptDomain: row?.bankReceiptDomain ?? '' };
}

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get(`${prefix}/setting/hySetting/queryPlatformSettings`, { config: { public: true } }, async () =>
    // Sign-in addresses and the captcha switch come from the server's configuration, not from the stored (admin-editable) settings.
    ok({
      ...(await readPlatformSettings(ctx.db)),
      casLoginUrl: casLoginUrl(ctx),
      thirdLoginUrl: thirdLoginStartPath(ctx, prefix),
      thirdLoginName: ctx.config.oauth2?.name ?? '',
      loginCaptcha: ctx.config.captchaEnabled,
      // Where the browser loads stored relative file paths from (平台设置 hy_config; empty: this server).
      ...(await fileDomains(ctx.db)),
    }),
  );
}

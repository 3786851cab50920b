/** What every route module receives: the database, the short-lived store, dictionaries, entities and config. */
import type { Kysely } from 'kysely';
import type { SystemTables } from './db/schema.ts';
import type { DatabaseKind } from './db/database.ts';
import type { KvStore } from './core/kv.ts';
import type { DictionaryService } from './dict/dictionaries.ts';
import type { TableDictionary } from './dict/table-dicts.ts';
import type { EntityRuntime } from './entity/registry.ts';
import type { EntityHooks } from './entity/hooks.ts';
import type { GrantedDataRule, SessionUser } from './auth/sessions.ts';
import type { LogSettings } from './auth/log-redaction.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded files (default `<dataDir>/upload`). */
  uploadDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  captchaEnabled: boolean;
  seedPassword: string;
  schemasDir: string;
  /** Built web app to serve at `/`; skipped when the folder does not exist. */
  webDir?: string;
  /** Demo drivers seeded into an empty database. */
  seedDrivers: number;
  /** CAS server base URL (e.g. https://cas.example.com/cas); single sign-on is off when unset. */
  casServerUrl?: string;
  /** This app's login URL as registered with the CAS server; tickets are validated for this service only. */
  casServiceUrl?: string;
  /** Third-party login over OAuth 2.0 (authorization code); off when unset. */
  oauth2?: OAuth2Config;
  /** The server log's level and destination; unset: `LOG_LEVEL` (default info) to stdout. */
  log?: LogSettings;
  /** Origins (`https://admin.example.com`) whose browser pages may call the API cross-origin; none by default. */
  corsOrigins?: readonly string[];
}

/** One OAuth 2.0 provider (e.g. an enterprise WeChat/DingTalk/Keycloak gateway) for `/sys/thirdLogin`. */
export interface OAuth2Config {
  /** Shown on the login page button, e.g. 企业微信. */
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** This app's callback as registered with the provider: `<origin>/jeecg-boot/sys/thirdLogin/oauth2/callback`. */
  redirectUrl: string;
  scope: string;
  /** Claim of the provider's user that must equal a local username (dots for nested claims). */
  userField: string;
}

export interface AppContext {
  config: ServerConfig;
  db: Kysely<SystemTables>;
  dbKind: DatabaseKind;
  kv: KvStore;
  dicts: DictionaryService;
  entities: EntityRuntime[];
  /** Table dictionaries by code, resolved against the entity allow-list. */
  tableDicts: Map<string, TableDictionary>;
  /** Live grid updates (server/socket/live-rows.ts): told after a write changed rows; absent in tools without sockets. */
  live?: RowChangeSink;
  /** Domain modules' hooks by entity name (server/domains/), set by app.ts before any route is registered. */
  hooks?: ReadonlyMap<string, EntityHooks>;
  /** The values `configDefault` fields default to (a domain module's DomainModule.configDefaults), set by app.ts. */
  configDefaults?(ctx: AppContext): Promise<Record<string, unknown>>;
}

/** Where writes report changed rows, so live grids on other pages can show them (ids only; readers re-read). */
export interface RowChangeSink {
  rowChanged(change: { tenantId: number; entity: string; id: string; caseId?: string | null }): Promise<void>;
}

/** The authenticated caller, resolved from the session on every non-public request. */
export interface Caller extends SessionUser {
  /** The tenant the request acts in: one of the user's tenants, never trusted from the header alone. */
  tenantId: number;
  permissions: Set<string>;
  /** Data rules granted to the caller on any page, read with the session; absent when built elsewhere. */
  dataRules?: GrantedDataRule[];
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, captcha, branding). */
    public?: boolean;
    /** Any logged-in user may call it (own menu, logout). */
    authenticated?: boolean;
    /** Permission code the caller must hold. */
    permission?: string;
    /** Still reachable while the user must change their password (login answered code 406). */
    allowedBeforePasswordChange?: boolean;
  }
}

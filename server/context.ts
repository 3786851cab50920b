/** What every route module receives: the database, the short-lived store, dictionaries, entities and config. */
import type { Kysely } from 'kysely';
import type { SystemTables } from './db/schema.ts';
import type { DatabaseKind } from './db/database.ts';
import type { KvStore } from './core/kv.ts';
import type { DictionaryService } from './dict/dictionaries.ts';
import type { EntityRuntime } from './entity/registry.ts';
import type { SessionUser } from './auth/sessions.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  captchaEnabled: boolean;
  seedPassword: string;
  schemasDir: string;
  /** Built web app to serve at `/`; skipped when the folder does not exist. */
  webDir?: string;
  /** Demo drivers seeded into an empty database. */
  seedDrivers: number;
}

export interface AppContext {
  config: ServerConfig;
  db: Kysely<SystemTables>;
  dbKind: DatabaseKind;
  kv: KvStore;
  dicts: DictionaryService;
  entities: EntityRuntime[];
}

/** The authenticated caller, resolved from the session on every non-public request. */
export interface Caller extends SessionUser {
  /** The tenant the request acts in: one of the user's tenants, never trusted from the header alone. */
  tenantId: number;
  permissions: Set<string>;
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

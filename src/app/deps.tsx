/**
 * What the shell needs from the outside world, in one object, so the whole app can run against a fake network in
 * tests. `createAppDeps` wires real providers over one http client; AppRoot passes the production instance.
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { EntityCatalog } from '../engine/entity-catalog.ts';
import type { HttpClient } from '../http/client.ts';
import type { SessionStorage } from '../http/storage.ts';
import { createAuthProvider } from '../providers/auth.ts';
import type { AuthProvider } from '../providers/auth.ts';
import { createDataProvider } from '../providers/data.ts';
import type { DataProvider } from '../providers/data.ts';
import { createDictProvider } from '../providers/dicts.ts';
import type { DictProvider } from '../providers/dicts.ts';
import { createFileProvider } from '../providers/files.ts';
import type { FileProvider } from '../providers/files.ts';
import { createLookupProvider } from '../providers/lookups.ts';
import type { LookupProvider } from '../providers/lookups.ts';

export interface AppDeps {
  http: HttpClient;
  storage: SessionStorage;
  auth: AuthProvider;
  data: DataProvider;
  dicts: DictProvider;
  files: FileProvider;
  lookups: LookupProvider;
  entities: EntityCatalog;
}

export function createAppDeps(http: HttpClient, storage: SessionStorage, entities: EntityCatalog): AppDeps {
  return {
    http,
    storage,
    entities,
    auth: createAuthProvider({ http, storage }),
    data: createDataProvider(http),
    dicts: createDictProvider({ http, storage }),
    files: createFileProvider(http),
    lookups: createLookupProvider(http),
  };
}

const AppDepsContext = createContext<AppDeps | null>(null);

export function AppDepsProvider(props: { deps: AppDeps; children: ReactNode }) {
  return <AppDepsContext.Provider value={props.deps}>{props.children}</AppDepsContext.Provider>;
}

export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext);
  if (!deps) throw new Error('useAppDeps() needs an <AppDepsProvider> above it');
  return deps;
}

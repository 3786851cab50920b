/**
 * The providers a renderer may use, handed down through React context (anchors §3.4: pull, don't push).
 * Renderers never import http or axios; the app, or a test, decides what sits behind these interfaces.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { DictModel, EntitySchema } from '../contracts/index.ts';
import type { EntityCatalog } from './entity-catalog.ts';
import type { AccessProvider } from '../providers/access.ts';
import type { DataProvider } from '../providers/data.ts';
import type { DictProvider } from '../providers/dicts.ts';
import type { EndpointProvider } from '../providers/endpoints.ts';
import type { LiveGridProvider } from '../providers/vxe-socket.ts';
import type { FileProvider, StoredFileInfo } from '../providers/files.ts';
import type { FileDomain } from '../contracts/files.ts';
import type { LookupProvider } from '../providers/lookups.ts';

export interface Services {
  data: DataProvider;
  dicts: DictProvider;
  access: AccessProvider;
  files: FileProvider;
  /** Department tree, user picker, duplicate and check-rule validators. */
  lookups: LookupProvider;
  /**
   * Entity schemas by name, for renderers that show another entity (a master/detail panel's child list), and by
   * menu component, for a screen a message names (renderers/shared/ScreenByComponent.tsx).
   */
  entities?: Pick<EntityCatalog, 'findByName' | 'peekByName'> & Partial<Pick<EntityCatalog, 'findByComponent'>>;
  /** Plain endpoint calls for panel renderers that use endpoints of their own (e.g. the permission tree). */
  endpoints?: EndpointProvider;
  /** Live row updates for editable grids (the vxeSocket); absent where there is no server push. */
  live?: LiveGridProvider;
  /** Opens an app path in the shell (a tab), for links inside screens (e.g. a report cell's href). */
  navigate?: (path: string) => void;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider(props: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={props.services}>{props.children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() needs a <ServicesProvider> above it');
  return services;
}

/** Items of one dictionary: the cached list at once, otherwise an empty list until the request answers. */
export function useDictItems(code: string | undefined): DictModel[] {
  const { dicts } = useServices();
  const [items, setItems] = useState<DictModel[]>(() => (code ? (dicts.peek(code) ?? []) : []));
  useEffect(() => {
    if (!code) return;
    const cached = dicts.peek(code);
    if (cached) {
      setItems(cached);
      return;
    }
    let live = true;
    dicts
      .load(code)
      .then((loaded) => live && setItems(loaded))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [code, dicts]);
  return items;
}

/** Loads several dictionaries at once; `version` changes when one arrives so lookups can re-render. */
export function useDictionaries(codes: string[]): number {
  const { dicts } = useServices();
  const [version, setVersion] = useState(0);
  const key = [...new Set(codes)].sort().join(',');
  useEffect(() => {
    let live = true;
    const missing = key ? key.split(',').filter((code) => !dicts.peek(code)) : [];
    if (missing.length === 0) return;
    Promise.allSettled(missing.map((code) => dicts.load(code))).then(() => live && setVersion((v) => v + 1));
    return () => {
      live = false;
    };
  }, [key, dicts]);
  return version;
}

/** What is known about stored files (signed URL, original name), path by path; undefined until it arrives. */
export function useStoredFiles(paths: string[], domain?: FileDomain): Record<string, StoredFileInfo | undefined> {
  const { files } = useServices();
  const [known, setKnown] = useState<Record<string, StoredFileInfo | undefined>>({});
  const key = paths.join(',');
  useEffect(() => {
    let live = true;
    const wanted = key ? key.split(',') : [];
    void Promise.all(wanted.map(async (path) => [path, await files.info(path, domain)] as const)).then((entries) => {
      if (live) setKnown(Object.fromEntries(entries));
    });
    return () => {
      live = false;
    };
  }, [key, files, domain]);
  return known;
}

/** Another entity's schema from the app's catalog: undefined while it loads (or no name is given), null when there is none. */
export function useEntitySchema(name: string | undefined): EntitySchema | null | undefined {
  const { entities } = useServices();
  const [loaded, setLoaded] = useState<{ name: string; schema: EntitySchema | null }>();
  useEffect(() => {
    if (!name) return;
    let live = true;
    Promise.resolve(entities?.findByName(name))
      .then((schema) => live && setLoaded({ name, schema: schema ?? null }))
      .catch(() => live && setLoaded({ name, schema: null }));
    return () => {
      live = false;
    };
  }, [entities, name]);
  return name && loaded?.name === name ? loaded.schema : undefined;
}

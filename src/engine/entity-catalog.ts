/**
 * Finds the entity schema behind a menu component string. The app hands in the lazy loaders from
 * `import.meta.glob('/schemas/entities/**\/*.entity.json')`; the component string lives inside each file, so the
 * first lookup loads them all (there are few) and indexes them by `menu.component`.
 */
import type { EntitySchema } from '../contracts/index.ts';

export type SchemaLoader = () => Promise<unknown>;

export interface EntityCatalog {
  findByComponent(component: string): Promise<EntitySchema | undefined>;
  /** By the schema's `name`, menu or not (e.g. the child entity of a master/detail panel). */
  findByName(name: string): Promise<EntitySchema | undefined>;
  /**
   * The same without waiting: undefined until the first lookup has loaded them all. Any screen of an entity came
   * through a lookup, so from inside one every other entity is there.
   */
  peekByName?(name: string): EntitySchema | undefined;
  /** Every entity that loaded, for diagnostics and tests. */
  all(): Promise<EntitySchema[]>;
}

export function createEntityCatalog(loaders: Record<string, SchemaLoader>): EntityCatalog {
  let index: Promise<Map<string, EntitySchema>> | undefined;
  const byName = new Map<string, EntitySchema>();

  async function buildIndex(): Promise<Map<string, EntitySchema>> {
    const byComponent = new Map<string, EntitySchema>();
    const paths = Object.keys(loaders).sort();
    const loaded = await Promise.allSettled(paths.map((path) => loaders[path]()));
    loaded.forEach((outcome, i) => {
      const path = paths[i];
      if (outcome.status === 'rejected') {
        console.error(`Entity schema ${path} failed to load`, outcome.reason);
        return;
      }
      const entity = unwrapDefault(outcome.value);
      if (!isEntitySchema(entity)) {
        console.error(`Entity schema ${path} is not an entity (kind: "entity" missing)`);
        return;
      }
      if (!byName.has(entity.name)) byName.set(entity.name, entity);
      const component = entity.menu?.component;
      if (!component) return;
      if (byComponent.has(component)) {
        console.error(`Entity schema ${path} repeats menu component "${component}"; the first one wins`);
        return;
      }
      byComponent.set(component, entity);
    });
    return byComponent;
  }

  function getIndex(): Promise<Map<string, EntitySchema>> {
    index ??= buildIndex();
    return index;
  }

  return {
    async findByComponent(component) {
      return (await getIndex()).get(normaliseComponent(component));
    },
    async findByName(name) {
      await getIndex();
      return byName.get(name);
    },
    peekByName: (name) => byName.get(name),
    async all() {
      return [...(await getIndex()).values()];
    },
  };
}

/** JeecgBoot menus sometimes carry a leading slash or a `.vue` suffix; both mean the same screen. */
export function normaliseComponent(component: string): string {
  return component.trim().replace(/^\/+/, '').replace(/\.vue$/, '');
}

function unwrapDefault(value: unknown): unknown {
  if (value && typeof value === 'object' && 'default' in value && !('kind' in value)) {
    return (value as { default: unknown }).default;
  }
  return value;
}

function isEntitySchema(value: unknown): value is EntitySchema {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<EntitySchema>;
  return (
    candidate.kind === 'entity' &&
    typeof candidate.name === 'string' &&
    typeof candidate.api === 'string' &&
    !!candidate.fields &&
    !!candidate.list &&
    !!candidate.form
  );
}

/**
 * Renderer registry (anchors §3.2): an instance, not a module global, so the app and every test build their own.
 * Entries load lazily; lookup is by exact `type` only; registering a type twice is a mistake unless it says
 * `override: true`.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

export interface RendererModule<P> {
  default: ComponentType<P>;
}

export interface RendererEntry<P extends object> {
  type: string;
  load: () => Promise<RendererModule<P>>;
  /** Replace an existing registration of the same type on purpose. */
  override?: boolean;
}

export type LazyRenderer<P extends object> = LazyExoticComponent<ComponentType<P>>;

export interface Registry {
  register<P extends object>(entry: RendererEntry<P>): void;
  has(type: string): boolean;
  list(): string[];
  /**
   * The lazily loaded component for `type`, or undefined when nothing is registered under exactly that name.
   * The caller names the props type the renderer was registered with; types are a runtime protocol here.
   */
  component<P extends object>(type: string): LazyRenderer<P> | undefined;
}

export class DuplicateRendererError extends Error {
  constructor(type: string) {
    super(`Renderer "${type}" is already registered; pass override: true to replace it`);
    this.name = 'DuplicateRendererError';
  }
}

/** Entries of different props types share one map, so their props type is erased while stored. */
type StoredEntry = { type: string; load: () => Promise<unknown> };

export function createRegistry(): Registry {
  const entries = new Map<string, StoredEntry>();
  const components = new Map<string, unknown>();

  return {
    register(entry) {
      if (entries.has(entry.type) && !entry.override) throw new DuplicateRendererError(entry.type);
      entries.set(entry.type, { type: entry.type, load: entry.load });
      components.delete(entry.type);
    },
    has: (type) => entries.has(type),
    list: () => [...entries.keys()].sort(),
    component<P extends object>(type: string) {
      const entry = entries.get(type);
      if (!entry) return undefined;
      let component = components.get(type) as LazyRenderer<P> | undefined;
      if (!component) {
        component = lazy(entry.load as () => Promise<RendererModule<P>>);
        components.set(type, component);
      }
      return component;
    },
  };
}

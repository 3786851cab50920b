import type { Ref } from 'react';
import type { EntitySchema, WireRecord } from '../../src/contracts/index.ts';
import type { Scalar } from '../../src/providers/data.ts';

/**
 * What an entity screen offers code that opened it by its path (JeecgBoot's dynamic loader calls `view(formData)`):
 * `view` shows one record in the screen's detail view.
 */
export interface ScreenHandle {
  view(record: WireRecord): void;
}

/** Props of the `list-page` node: the entity schema is the whole screen description. */
export interface ListPageProps {
  entity: EntitySchema;
  /**
   * The route's query string (e.g. `?reviewStatus=1`): the list state, read on mount and on a navigation; the list's
   * own writes coming back through it are not read again (src/engine/list-controller.ts).
   */
  search?: string;
  /**
   * The list's state changed: `search` is the query string to show (filters, pageNo, pageSize, column, order).
   * `push` for a user's step (back returns to it), `replace` for a correction. Without it the state stays inside.
   */
  onSearchChange?(search: string, how: 'push' | 'replace'): void;
  /** Receives the screen's handle (see ScreenHandle). */
  handleRef?: Ref<ScreenHandle>;
  /**
   * Field → value every request is filtered by (sent as `field=value`, never shown in the query form) and every new
   * record starts with: a detail list inside its master's panel (e.g. a dictionary's items by `dictId`).
   */
  fixedValues?: Record<string, Scalar>;
  /** The list wrote something (add, edit, delete, import, an operation); a panel's host reloads what it derives from it. */
  onChanged?(): void;
}

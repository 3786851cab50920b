import type { EntitySchema } from '../../src/contracts/index.ts';

/** Props of the `list-page` node: the entity schema is the whole screen description. */
export interface ListPageProps {
  entity: EntitySchema;
  /** The route's query string (e.g. `?reviewStatus=1`); matching query inputs start pre-filled. */
  search?: string;
}

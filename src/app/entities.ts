/**
 * Entity screens are discovered, not coded: every `schemas/entities/**\/*.entity.json` becomes reachable through
 * the menu component named in its `menu.component`. Files load lazily, on the first route that needs one.
 */
import { createEntityCatalog } from '../engine/entity-catalog.ts';

const loaders = import.meta.glob('/schemas/entities/**/*.entity.json', { import: 'default' });

export const entityCatalog = createEntityCatalog(loaders);

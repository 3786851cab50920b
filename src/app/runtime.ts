/** The production wiring: the one storage and http client, with the providers and the discovered entities. */
import { http, storage } from '../http/index.ts';
import { createAppDeps } from './deps.tsx';
import { entityCatalog } from './entities.ts';

export const appDeps = createAppDeps(http, storage, entityCatalog);

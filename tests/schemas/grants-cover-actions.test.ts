/**
 * Product policy over the shipped schemas (not a lint rule: test fixtures grant narrowly on purpose): every action a
 * screen exposes — its `actions` (all CRUD ones by default) and its operation keys — is granted to some role by
 * `defaultGrants`. One granted to nobody is an endpoint and a button no seeded user can reach until an administrator
 * grants it by hand; that is how 运价表 and 托运单 shipped an export the admin was refused. Expose only what some role
 * may do.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { entityActions } from '../../src/contracts/entity.ts';
import { loadEntitySchemas } from '../../scripts/lib/schema-files.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('default grants of the shipped screens', () => {
  it('grant every exposed action and operation to some role', () => {
    const entities = loadEntitySchemas(repoRoot);
    const screens = entities.filter((entity) => entity.menu && entity.defaultGrants);
    expect(screens.length).toBeGreaterThan(10);
    const ungranted = screens.flatMap((entity) => {
      const granted = new Set(Object.values(entity.defaultGrants ?? {}).flat());
      const exposed = [...entityActions(entity), ...(entity.operations ?? []).map((operation) => operation.key)];
      return exposed.filter((action) => !granted.has(action)).map((action) => `${entity.name}: ${action}`);
    });
    expect(ungranted).toEqual([]);
  });
});

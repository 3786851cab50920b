/**
 * A schemas/ directory for tests: the product's schema files plus the fixture entities under
 * tests/fixtures/entities, copied to a temporary directory so the server loads them like any other entity.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../../server/config.ts';

export function schemasWithFixtures(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freight-schemas-'));
  fs.cpSync(path.join(ROOT, 'schemas'), dir, { recursive: true });
  const target = path.join(dir, 'entities', 'fixtures');
  fs.mkdirSync(target, { recursive: true });
  for (const name of fs.readdirSync(path.join(ROOT, 'tests', 'fixtures', 'entities'))) {
    fs.copyFileSync(path.join(ROOT, 'tests', 'fixtures', 'entities', name), path.join(target, name));
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

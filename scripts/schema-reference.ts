/** `npm run docs:schema`: rewrites docs/schema-reference.md from the meta-schemas (see scripts/lib/schema-reference.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { renderSchemaReference } from './lib/schema-reference.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const target = path.join(ROOT, 'docs', 'schema-reference.md');
fs.writeFileSync(target, renderSchemaReference(path.join(ROOT, 'schemas', '_meta')));
console.log(`wrote ${path.relative(ROOT, target)}`);

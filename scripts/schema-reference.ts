/**
 * `npm run docs:schema`: composes schemas/_meta/entity.schema.json from its core and the field types' and
 * capabilities' fragments (scripts/lib/meta-compose.ts), then rewrites docs/schema-reference.md from the
 * meta-schemas (scripts/lib/schema-reference.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { COMPOSED_FILE, renderEntityMetaSchema } from './lib/meta-compose.ts';
import { renderSchemaReference } from './lib/schema-reference.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
fs.writeFileSync(path.join(ROOT, COMPOSED_FILE), renderEntityMetaSchema(ROOT));
console.log(`wrote ${COMPOSED_FILE}`);
const target = path.join(ROOT, 'docs', 'schema-reference.md');
fs.writeFileSync(target, renderSchemaReference(path.join(ROOT, 'schemas', '_meta')));
console.log(`wrote ${path.relative(ROOT, target)}`);

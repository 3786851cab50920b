import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSchemaReference } from '../../scripts/lib/schema-reference.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('docs/schema-reference.md', () => {
  it('is generated from the current meta-schemas (run `npm run docs:schema` after changing them)', () => {
    const committed = fs.readFileSync(path.join(ROOT, 'docs', 'schema-reference.md'), 'utf8');
    expect(committed).toBe(renderSchemaReference(path.join(ROOT, 'schemas', '_meta')));
  });

  it('documents every top-level key of an entity file', () => {
    const meta = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', '_meta', 'entity.schema.json'), 'utf8')) as {
      properties: Record<string, unknown>;
    };
    const reference = renderSchemaReference(path.join(ROOT, 'schemas', '_meta'));
    for (const key of Object.keys(meta.properties)) expect(reference).toContain(`| \`${key}\` |`);
  });
});

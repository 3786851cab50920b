import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPOSED_FILE, renderEntityMetaSchema } from '../../scripts/lib/meta-compose.ts';
import { FIELD_TYPES } from '../../field-types/index.ts';
import { CAPABILITIES } from '../../capabilities/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const folders = (dir: string) =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

describe('the entity meta-schema is composed from its core and the parts’ fragments', () => {
  it('is committed as composed (run `npm run docs:schema` after changing the core or a meta.json)', () => {
    expect(fs.readFileSync(path.join(ROOT, COMPOSED_FILE), 'utf8')).toBe(renderEntityMetaSchema(ROOT));
  });

  it('registers every field-type and capability folder, and only those', () => {
    expect(folders('field-types')).toEqual(FIELD_TYPES.map((type) => type.name).sort());
    expect(folders('capabilities')).toEqual((CAPABILITIES as readonly { name: string }[]).map((c) => c.name).sort());
  });
});

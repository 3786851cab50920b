import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAllSchemas, formatProblem } from '../../scripts/lib/schema-files.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(repoRoot, 'tests', 'fixtures', 'entities');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fixture-lint-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('test fixture entities', () => {
  it('pass the meta-schema and the semantic lint among the product schemas, as a real file would', () => {
    fs.cpSync(path.join(repoRoot, 'schemas'), path.join(root, 'schemas'), { recursive: true });
    const target = path.join(root, 'schemas', 'entities', 'fixtures');
    fs.mkdirSync(target, { recursive: true });
    for (const name of fs.readdirSync(fixtures)) {
      const entity = JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as { $schema: string };
      entity.$schema = '../../_meta/entity.schema.json';
      fs.writeFileSync(path.join(target, name), JSON.stringify(entity, null, 2));
    }
    expect(checkAllSchemas(root).map(formatProblem)).toEqual([]);
  });

  it('the showcase uses every field type, every dict widget and every view', () => {
    const showcase = JSON.parse(fs.readFileSync(path.join(fixtures, 'showcase.entity.json'), 'utf8')) as {
      fields: Record<string, { type: string; dict?: string; widget?: string; multiple?: boolean; search?: boolean }>;
      form: { tabs?: unknown[] };
      detail?: unknown;
      operations?: unknown[];
    };
    // The meta-schema's list of types is kept equal to the FieldType union by schema-files.test.ts.
    const meta = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', '_meta', 'entity.schema.json'), 'utf8')) as {
      definitions: { field: { properties: { type: { enum: string[] } } } };
    };
    const declaredTypes = meta.definitions.field.properties.type.enum;
    expect(declaredTypes.length).toBeGreaterThan(10);
    const used = new Set(Object.values(showcase.fields).map((f) => f.type));
    // rows fields belong to server-managed tables only (the showcase is an engine table); 报表配置 declares them.
    expect(declaredTypes.filter((type) => !used.has(type) && type !== 'rows')).toEqual([]);
    const dictFields = Object.values(showcase.fields).filter((f) => f.dict);
    expect(dictFields.some((f) => f.widget === 'radio')).toBe(true);
    expect(dictFields.some((f) => f.widget === 'checkbox')).toBe(true);
    expect(dictFields.some((f) => f.multiple)).toBe(true);
    expect(dictFields.some((f) => f.search)).toBe(true);
    expect(showcase.form.tabs?.length).toBeGreaterThan(1);
    expect(showcase.detail).toBeDefined();
    expect(showcase.operations?.length).toBeGreaterThan(0);
  });
});

describe('reserved field names', () => {
  it('refuses a field named like a list request parameter', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserved-lint-'));
    try {
      fs.cpSync(path.join(repoRoot, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
      const file = path.join(dir, 'schemas', 'entities', 'freight', 'hy-driver.entity.json');
      const driver = JSON.parse(fs.readFileSync(file, 'utf8')) as { fields: Record<string, unknown> };
      driver.fields.order = { label: '顺序', type: 'integer' };
      fs.writeFileSync(file, JSON.stringify(driver, null, 2));
      expect(checkAllSchemas(dir).map(formatProblem)).toEqual([
        'schemas/entities/freight/hy-driver.entity.json#/fields/order: "order" is a list request parameter (paging, sort or query control); a field cannot use that name',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

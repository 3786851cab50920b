import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import { checkAllSchemas } from '../../scripts/lib/schema-files.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FILE = 'schemas/entities/test-category.entity.json';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Problems of the tree fixture (tests/fixtures/entities) placed among the product schemas, patched first. */
function problemsWith(patch: (entity: EntitySchema) => void): string[] {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layout-lint-'));
  temps.push(root);
  fs.cpSync(path.join(repoRoot, 'schemas'), path.join(root, 'schemas'), { recursive: true });
  const entity = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/entities/test-category.entity.json'), 'utf8')) as EntitySchema;
  entity.$schema = '../_meta/entity.schema.json';
  patch(entity);
  fs.writeFileSync(path.join(root, FILE), JSON.stringify(entity, null, 2));
  return checkAllSchemas(root)
    .filter((p) => p.file === FILE)
    .map((p) => `${p.path}: ${p.message}`);
}

describe('lint of tree, detail and form layout', () => {
  it('accepts the tree fixture as written', () => {
    expect(problemsWith(() => undefined)).toEqual([]);
  });

  it('names tree fields that are missing, of the wrong type or writable by clients', () => {
    const problems = problemsWith((entity) => {
      entity.tree = { parentField: 'price', hasChildField: 'code', labelField: 'ghost' };
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        '/tree/parentField: "price" must be a string field',
        '/tree/hasChildField: "code" is kept by the server; declare it readOnly',
        '/tree/labelField: "ghost" is not a declared field',
      ]),
    );
  });

  it('refuses groups with tabs, parts naming fields outside their section, and unknown detail fields', () => {
    const problems = problemsWith((entity) => {
      entity.form.groups = [{ title: '其他', fields: ['hasChild'] }];
      entity.detail = { columns: 4, fields: ['name', 'ghost'], groups: [{ title: '备注', fields: ['remark'] }] };
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        '/form/tabs: use either form.groups or form.tabs, not both',
        '/form/groups/0/fields/0: "hasChild" is not in form.fields',
        '/detail/fields/1: unknown field "ghost"',
        '/detail/groups/0/fields/0: "remark" is not in detail.fields',
      ]),
    );
  });

  it('keeps detail columns within 1 to 4', () => {
    expect(problemsWith((entity) => void (entity.detail = { columns: 5 as 4, fields: ['name'] })).join('\n')).toMatch(/detail\/columns/);
  });
});

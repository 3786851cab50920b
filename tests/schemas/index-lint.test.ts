/** Lint of entity `indexes`: declared single-valued fields (keys and included), a sort the list can ask for. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import { checkAllSchemas, type Problem } from '../../scripts/lib/schema-files.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NOTE_FILE = 'schemas/entities/freight/hy-shipping-note.entity.json';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Problems of a scratch copy of the waybill file after `patch`. */
function problemsWith(patch: (note: EntitySchema & Record<string, unknown>) => void): Problem[] {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'index-lint-'));
  temps.push(root);
  fs.cpSync(path.join(repoRoot, 'schemas'), path.join(root, 'schemas'), { recursive: true });
  const note = JSON.parse(fs.readFileSync(path.join(repoRoot, NOTE_FILE), 'utf8')) as EntitySchema & Record<string, unknown>;
  patch(note);
  fs.writeFileSync(path.join(root, NOTE_FILE), JSON.stringify(note, null, 2));
  return checkAllSchemas(root).filter((p) => p.file === NOTE_FILE);
}

describe('lint of entity indexes', () => {
  it('accepts the waybill file as shipped', () => {
    expect(problemsWith(() => undefined)).toEqual([]);
  });

  it('reports undeclared and multi-valued fields, a sort no list asks for and an index of nothing', () => {
    const problems = problemsWith((n) => {
      n.indexes = [
        { fields: ['ghost', 'shippingStatus'], sort: { field: 'createTime' } },
        { fields: ['receiptImgs'] },
        { fields: ['customerId'], sort: { field: 'driverName', order: 'asc' } },
        { fields: [], include: ['customerId', 'phantom'] },
      ];
    });
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/indexes\/0\/fields\/0: "ghost" is not a declared field/),
        expect.stringMatching(/^\/indexes\/1\/fields\/0: "receiptImgs" must be a single-valued scalar field/),
        expect.stringMatching(/^\/indexes\/2\/sort\/field: "driverName" is not a sort the list can ask for/),
        expect.stringMatching(/^\/indexes\/3\/include\/1: "phantom" is not a declared field/),
        expect.stringMatching(/^\/indexes\/3\/fields: an index without fields needs a sort/),
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it('refuses keys the format does not know', () => {
    const problems = problemsWith((n) => {
      n.indexes = [{ fields: ['customerId'], unique: true } as never];
    });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0].path).toMatch(/^\/indexes\/0/);
  });
});

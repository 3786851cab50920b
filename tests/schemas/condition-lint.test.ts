/** Lint of the conditional rules (`requiredWhen`, `formatWhen`), `list.states` and `dataScope.customer: "id"`. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import { checkAllSchemas, type Problem } from '../../scripts/lib/schema-files.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CUSTOMER_FILE = 'schemas/entities/freight/hy-customer.entity.json';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Problems of a scratch copy of the customer file after `patch`. */
function problemsWith(patch: (customer: EntitySchema & Record<string, unknown>) => void): Problem[] {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'condition-lint-'));
  temps.push(root);
  fs.cpSync(path.join(repoRoot, 'schemas'), path.join(root, 'schemas'), { recursive: true });
  const customer = JSON.parse(fs.readFileSync(path.join(repoRoot, CUSTOMER_FILE), 'utf8')) as EntitySchema & Record<string, unknown>;
  patch(customer);
  fs.writeFileSync(path.join(root, CUSTOMER_FILE), JSON.stringify(customer, null, 2));
  return checkAllSchemas(root).filter((p) => p.file === CUSTOMER_FILE);
}

describe('lint of conditional rules and list presets', () => {
  it('accepts the customer file as shipped (dataScope.customer "id" included)', () => {
    expect(problemsWith(() => undefined)).toEqual([]);
  });

  it('reports unknown, read-only and self triggers, values outside the dictionary and clashes', () => {
    const problems = problemsWith((c) => {
      c.fields.billDay.requiredWhen = { settlementType: ['1', '7'], ghost: ['x'] };
      c.fields.creditDays.requiredWhen = { reviewStatus: ['1'] };
      c.fields.creditLimit.requiredWhen = { creditLimit: [1] };
      c.fields.customerName.requiredWhen = { customerType: ['1'] };
      c.fields.creditCode.format = 'uscc';
      c.fields.shortName.formatWhen = { field: 'customerType', cases: { '3': 'uscc' } };
      c.fields.billDay.formatWhen = { field: 'customerType', cases: { '1': 'uscc' } };
      c.list.states = { '1': { reviewStatus: '9', address: 'x' } };
    });
    const byPointer = new Map(problems.map((p) => [p.path, p.message]));
    expect(byPointer.get('/fields/billDay/requiredWhen/settlementType/1')).toMatch(/"7" is not an item of dictionary "settlement_type"/);
    expect(byPointer.get('/fields/billDay/requiredWhen/ghost')).toMatch(/unknown field "ghost"/);
    expect(byPointer.get('/fields/creditDays/requiredWhen/reviewStatus')).toMatch(/readOnly/);
    expect(byPointer.get('/fields/creditLimit/requiredWhen/creditLimit')).toMatch(/its own field/);
    expect(byPointer.get('/fields/customerName/requiredWhen')).toMatch(/always required/);
    expect(byPointer.get('/fields/creditCode/formatWhen')).toMatch(/either format or formatWhen/);
    expect(byPointer.get('/fields/shortName/formatWhen/cases/3')).toMatch(/"3" is not an item of dictionary "customer_type"/);
    expect(byPointer.get('/fields/billDay/formatWhen')).toMatch(/only allowed on string fields/);
    expect(byPointer.get('/list/states/1/reviewStatus')).toMatch(/"9" is not an item/);
    expect(byPointer.get('/list/states/1/address')).toMatch(/not a query field/);
  });
});

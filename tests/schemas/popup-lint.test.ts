/** schemas:check on popup pickers: the report exists, origins are its columns, destinations the entity's fields. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAllSchemas, formatProblem } from '../../scripts/lib/schema-files.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RATE_FILE = 'schemas/entities/freight/hy-freight-rate.entity.json';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the real schemas/ with the rate entity's driverNames popup replaced. */
function withPopup(popup: Record<string, unknown>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'popup-lint-'));
  temps.push(root);
  fs.cpSync(path.join(repoRoot, 'schemas'), path.join(root, 'schemas'), { recursive: true });
  const file = path.join(root, RATE_FILE);
  const entity = JSON.parse(fs.readFileSync(file, 'utf8')) as { fields: Record<string, Record<string, unknown>> };
  entity.fields.driverNames.popup = popup;
  fs.writeFileSync(file, JSON.stringify(entity, null, 2));
  return root;
}

const problems = (root: string) => checkAllSchemas(root).map(formatProblem);
const AT = `${RATE_FILE}#/fields/driverNames/popup`;

describe('popup lint', () => {
  it('accepts the repository’s popups', () => {
    expect(problems(repoRoot)).toEqual([]);
  });

  it('names an unknown report', () => {
    const root = withPopup({ code: 'no_such_report', orgFields: 'driver_name', destFields: 'driverNames' });
    expect(problems(root)).toEqual([`${AT}/code: unknown report "no_such_report" (no schemas/reports/*.report.json has this code)`]);
  });

  it('names origins that are not report columns and destinations that are not fields', () => {
    const root = withPopup({ code: 'driver_picker', orgFields: 'driver_name,mobile', destFields: 'driverNames,driverMobile' });
    expect(problems(root)).toEqual([
      `${AT}/orgFields: "mobile" is not a column of report "driver_picker"`,
      `${AT}/destFields: "driverMobile" is not a field of entity "hyFreightRate"`,
    ]);
  });

  it('reports a popup whose lists differ in length with the form’s own message', () => {
    const root = withPopup({ code: 'driver_picker', orgFields: 'driver_name,telephone', destFields: 'driverNames' });
    expect(problems(root)).toEqual([`${AT}: popup参数未正确配置,原始值和目标值数量不一致!`]);
  });
});

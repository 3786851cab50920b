/**
 * Schema lint for popup record pickers (`fields.<name>.popup`): the report it opens must be one seeded from
 * schemas/reports/*.report.json, each `orgFields` entry one of that report's columns, and each `destFields` entry
 * (and `field`) a field of the same entity — otherwise the picker would open an unknown report or write nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import { popupConfigProblem, type PopupConfig } from '../../src/contracts/report.ts';
import { asArray, escapePointer, isObject } from './schema-json.ts';

export const REPORTS_DIR = 'schemas/reports';
const REPORT_SUFFIX = '.report.json';

interface PopupProblem {
  file: string;
  path: string;
  message: string;
}

/** Report code → its column fields, from the seed files (unreadable files are left to the server's seeding check). */
export function reportColumns(root: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const dir = path.join(root, REPORTS_DIR);
  if (!fs.existsSync(dir)) return out;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(REPORT_SUFFIX)).sort()) {
    let data: unknown;
    try {
      data = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    } catch {
      continue;
    }
    if (!isObject(data) || typeof data.code !== 'string') continue;
    const fields = asArray(data.columns).flatMap((c) => (isObject(c) && typeof c.field === 'string' ? [c.field] : []));
    out.set(data.code, new Set(fields));
  }
  return out;
}

const list = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);

export function lintPopups(root: string, entities: ReadonlyArray<{ file: string; data: EntitySchema | undefined }>): PopupProblem[] {
  const problems: PopupProblem[] = [];
  let reports: Map<string, Set<string>> | undefined;
  for (const { file, data } of entities) {
    if (!isObject(data) || !isObject(data.fields)) continue;
    for (const [name, field] of Object.entries(data.fields)) {
      if (!isObject(field) || !isObject(field.popup)) continue;
      const popup = field.popup as unknown as PopupConfig;
      const at = `/fields/${escapePointer(name)}/popup`;
      const problem = popupConfigProblem(popup);
      if (problem) {
        problems.push({ file, path: at, message: problem });
        continue;
      }
      reports ??= reportColumns(root);
      const columns = reports.get(popup.code);
      if (!columns) problems.push({ file, path: `${at}/code`, message: `unknown report "${popup.code}" (no ${REPORTS_DIR}/*${REPORT_SUFFIX} has this code)` });
      else {
        for (const org of list(popup.orgFields)) {
          if (!columns.has(org)) problems.push({ file, path: `${at}/orgFields`, message: `"${org}" is not a column of report "${popup.code}"` });
        }
      }
      for (const dest of list(popup.destFields)) {
        if (!(dest in data.fields)) problems.push({ file, path: `${at}/destFields`, message: `"${dest}" is not a field of entity "${data.name}"` });
      }
      if (popup.field && !(popup.field in data.fields)) problems.push({ file, path: `${at}/field`, message: `"${popup.field}" is not a field of entity "${data.name}"` });
    }
  }
  return problems;
}

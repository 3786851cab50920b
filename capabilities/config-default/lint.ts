/**
 * Cross-file lint of `configDefault`: the key is a field of the platform configuration entity (hyConfig) of the
 * same type, and, when both are dictionary fields, of the same dictionary — so the value it supplies is one the
 * field accepts.
 */
import { escapePointer, isObject, type Json } from '../../scripts/lib/schema-json.ts';
import type { Problem } from '../../scripts/lib/schema-files.ts';
import type { CapabilityLint, LintedFile } from '../lint-part.ts';

const PLATFORM_CONFIG_ENTITY = 'hyConfig';

export const configDefaultLint: CapabilityLint = { entities: lintConfigDefaults };

function lintConfigDefaults(entities: readonly LintedFile[]): Problem[] {
  const problems: Problem[] = [];
  const config = entities.map((e) => e.data).find((data): data is Json => isObject(data) && data.name === PLATFORM_CONFIG_ENTITY);
  const configFields = config && isObject(config.fields) ? config.fields : {};
  for (const { file, data } of entities) {
    if (!isObject(data) || !isObject(data.fields)) continue;
    for (const [name, def] of Object.entries(data.fields)) {
      if (!isObject(def) || typeof def.configDefault !== 'string') continue;
      const path = `/fields/${escapePointer(name)}/configDefault`;
      const source = configFields[def.configDefault];
      if (!isObject(source)) problems.push({ file, path, message: `"${def.configDefault}" is not a field of the platform configuration (${PLATFORM_CONFIG_ENTITY})` });
      else if (source.type !== def.type) problems.push({ file, path, message: `"${def.configDefault}" is a ${String(source.type)} setting; this field is ${String(def.type)}` });
      else if ((source.dict ?? null) !== (def.dict ?? null)) problems.push({ file, path, message: `"${def.configDefault}" uses dictionary "${String(source.dict ?? 'none')}"; this field uses "${String(def.dict ?? 'none')}"` });
    }
  }
  return problems;
}

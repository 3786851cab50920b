/**
 * Renders docs/schema-reference.md from the meta-schemas in schemas/_meta: every key of every schema file kind,
 * with its type, whether it is required and its description. The meta-schemas are what editors and `npm test`
 * check files against, so the reference cannot drift from what is enforced; a test fails when the committed
 * document is older than the meta-schemas (`npm run docs:schema` rewrites it).
 */
import fs from 'node:fs';
import path from 'node:path';

interface JsonSchemaNode {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  description?: string;
  title?: string;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  items?: JsonSchemaNode;
  additionalProperties?: boolean | JsonSchemaNode;
  propertyNames?: JsonSchemaNode;
  oneOf?: JsonSchemaNode[];
  anyOf?: JsonSchemaNode[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  definitions?: Record<string, JsonSchemaNode>;
  $defs?: Record<string, JsonSchemaNode>;
}

const FILE_KINDS: Array<{ file: string; heading: string; where: string }> = [
  { file: 'entity.schema.json', heading: 'Entity files', where: '`schemas/entities/<domain>/<name>.entity.json`' },
  { file: 'dicts.schema.json', heading: 'Dictionary files', where: '`schemas/dicts/*.dicts.json`' },
  { file: 'menus.schema.json', heading: 'Menu file', where: '`schemas/menus.json`' },
];

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

/** A short, readable type: `string`, `integer 0–100`, `"a" \| "b"`, `[field](#entity-field)[]`, `map of …`. */
function typeOf(node: JsonSchemaNode, anchorPrefix: string): string {
  if (node.$ref) return `[${refName(node.$ref)}](#${anchorPrefix}-${refName(node.$ref).toLowerCase()})`;
  if (node.const !== undefined) return `\`${JSON.stringify(node.const)}\``;
  if (node.enum) return node.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' \\| ');
  const variants = node.oneOf ?? node.anyOf;
  if (variants) return variants.map((variant) => typeOf(variant, anchorPrefix)).join(' or ');
  const type = Array.isArray(node.type) ? node.type.join(' \\| ') : node.type;
  if (type === 'array' && node.items) return `${typeOf(node.items, anchorPrefix)}[]`;
  if (type === 'object' && node.additionalProperties && typeof node.additionalProperties === 'object' && !node.properties) {
    return `map of ${typeOf(node.additionalProperties, anchorPrefix)}`;
  }
  const bounds: string[] = [];
  if (node.minimum !== undefined || node.maximum !== undefined) bounds.push(`${node.minimum ?? ''}–${node.maximum ?? ''}`);
  if (node.minLength !== undefined || node.maxLength !== undefined) bounds.push(`length ${node.minLength ?? 0}–${node.maxLength ?? '∞'}`);
  if (node.pattern) bounds.push(`pattern \`${node.pattern}\``);
  return [type ?? 'any', ...bounds].join(', ');
}

function propertyTable(node: JsonSchemaNode, anchorPrefix: string): string[] {
  const properties = node.properties ?? {};
  const required = new Set(node.required ?? []);
  if (Object.keys(properties).length === 0) return [];
  const lines = ['| key | type | required | meaning |', '|---|---|---|---|'];
  for (const [key, child] of Object.entries(properties)) {
    const meaning = [child.description ?? '', child.default !== undefined ? `Default \`${JSON.stringify(child.default)}\`.` : '']
      .filter(Boolean)
      .join(' ');
    lines.push(`| \`${key}\` | ${escapeCell(typeOf(child, anchorPrefix))} | ${required.has(key) ? 'yes' : ''} | ${escapeCell(meaning)} |`);
  }
  return lines;
}

/** Objects declared inline (not through a definition) get their own table, named by their path. */
function inlineObjects(node: JsonSchemaNode, trail: string): Array<[string, JsonSchemaNode]> {
  const found: Array<[string, JsonSchemaNode]> = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const target = child.type === 'array' && child.items ? child.items : child;
    if (target.properties && !target.$ref) found.push([`${trail}.${key}`, target], ...inlineObjects(target, `${trail}.${key}`));
  }
  return found;
}

function block(name: string, node: JsonSchemaNode, anchorPrefix: string): string[] {
  // An explicit anchor keeps links stable whatever the heading renders to.
  const lines = [`<a id="${anchorPrefix}-${name.toLowerCase()}"></a>`, `### ${anchorPrefix} › ${name}`, ''];
  if (node.description) lines.push(escapeCell(node.description), '');
  const table = propertyTable(node, anchorPrefix);
  lines.push(...(table.length > 0 ? table : [`Type: ${typeOf(node, anchorPrefix)}`]), '');
  return lines;
}

function section(meta: JsonSchemaNode, kind: (typeof FILE_KINDS)[number]): string[] {
  const anchorPrefix = kind.file.replace('.schema.json', '');
  const lines = [`## ${kind.heading}`, '', `${kind.where} — meta-schema \`schemas/_meta/${kind.file}\`.`, ''];
  if (meta.description) lines.push(meta.description, '');
  lines.push(...propertyTable(meta, anchorPrefix), '');
  for (const [trail, node] of inlineObjects(meta, '')) lines.push(...block(trail.slice(1), node, anchorPrefix));
  const definitions = meta.definitions ?? meta.$defs ?? {};
  for (const [name, definition] of Object.entries(definitions)) {
    lines.push(...block(name, definition, anchorPrefix));
    for (const [trail, node] of inlineObjects(definition, name)) lines.push(...block(trail, node, anchorPrefix));
  }
  return lines;
}

export function renderSchemaReference(metaDir: string): string {
  const lines = [
    '# Schema reference',
    '',
    '<!-- Generated by `npm run docs:schema` from schemas/_meta/*.schema.json; edit the meta-schemas, not this file. -->',
    '',
    'Every key a schema file may use, as the meta-schemas enforce it (editors autocomplete from the same files;',
    '`npm test` validates every file against them and runs the semantic lint described in docs/schema-format.md).',
    '',
  ];
  for (const kind of FILE_KINDS) {
    const file = path.join(metaDir, kind.file);
    if (!fs.existsSync(file)) continue;
    lines.push(...section(JSON.parse(fs.readFileSync(file, 'utf8')) as JsonSchemaNode, kind));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

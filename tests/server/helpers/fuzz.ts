/**
 * Malformed values and the requests that carry them, for the fuzz over the OpenAPI document
 * (tests/server/fuzz-openapi.test.ts). Deterministic: the only randomness is a seeded PRNG.
 */
import type { InjectOptions } from 'fastify';

/** mulberry32: a small seeded PRNG, so a failing run can be replayed exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Malformed {
  label: string;
  /** The value in a query string or path, already percent-encoded (bytes no JS string holds stay encoded); several = the key repeated. */
  url: string[];
  /** The value in a JSON body, as raw JSON text (so invalid UTF-8 bytes and `1e309` can be written). */
  json: Buffer;
}

const jsonString = (value: string) => Buffer.from(JSON.stringify(value));
const long = 'x'.repeat(10_000);

export const MALFORMED: Malformed[] = [
  { label: 'NUL byte', url: ['%00'], json: Buffer.from('"\\u0000"') },
  { label: 'NUL inside a value', url: ['a%00b'], json: Buffer.from('"a\\u0000b"') },
  // %C3 starts a two-byte sequence that "(" does not continue.
  { label: 'invalid UTF-8 (C3 28)', url: ['%C3%28'], json: Buffer.from([0x22, 0xc3, 0x28, 0x22]) },
  { label: 'invalid UTF-8 (FF)', url: ['%FF'], json: Buffer.from([0x22, 0x61, 0xff, 0x22]) },
  // UTF-8 of U+D800 in a URL; JSON can name the lone surrogate itself.
  { label: 'lone surrogate', url: ['%ED%A0%80'], json: Buffer.from('"\\ud800"') },
  { label: 'huge integer', url: ['99999999999999999999'], json: Buffer.from('99999999999999999999') },
  { label: 'huge integer as text', url: ['-99999999999999999999.5'], json: jsonString('99999999999999999999') },
  { label: 'beyond double (1e309)', url: ['1e309'], json: Buffer.from('1e309') },
  { label: 'negative', url: ['-1'], json: Buffer.from('-1') },
  { label: 'fraction for a whole number', url: ['1.5'], json: Buffer.from('1.5') },
  { label: 'impossible date-time', url: ['2026-13-45%2025%3A61%3A61'], json: jsonString('2026-13-45 25:61:61') },
  { label: '10,000 characters', url: [long], json: jsonString(long) },
  { label: 'array for a string', url: ['a', 'b'], json: Buffer.from('["a",{"b":1}]') },
  { label: 'object for a string', url: ['%7B%22a%22%3A1%7D'], json: Buffer.from('{"a":{"b":[1]}}') },
];

/** Names every operation is also sent, declared or not: the JeecgBoot parameters most handlers read. */
export const COMMON_NAMES = ['id', 'pageNo', 'pageSize', 'column', 'order'];

export type SlotPlace = 'query' | 'path' | 'body';

export interface Slot {
  place: SlotPlace;
  name: string;
}

export interface OperationShape {
  method: string;
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  slots: Slot[];
  /** JSON body sent (an object, possibly empty); false for GET/DELETE and multipart uploads. */
  jsonBody: boolean;
}

interface DocParameter {
  name: string;
  in: string;
}
interface DocSchema {
  $ref?: string;
  allOf?: DocSchema[];
  properties?: Record<string, unknown>;
}
export interface DocOperation {
  parameters?: DocParameter[];
  requestBody?: { content: Record<string, { schema: DocSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, DocSchema> };
}

function bodyProperties(doc: OpenApiDocument, schema: DocSchema | undefined, depth = 0): string[] {
  if (!schema || depth > 4) return [];
  const target = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop() ?? ''] : schema;
  const own = Object.keys(target?.properties ?? {});
  const parts = (target?.allOf ?? []).flatMap((part) => bodyProperties(doc, part, depth + 1));
  return [...new Set([...own, ...parts])];
}

/** Every operation of the document with the places a value can be put: declared parameters and body properties, plus the common names. */
export function operationsOf(doc: OpenApiDocument): OperationShape[] {
  const shapes: OperationShape[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      const content = operation.requestBody?.content ?? {};
      const multipart = 'multipart/form-data' in content;
      const jsonBody = (upper === 'POST' || upper === 'PUT') && !multipart;
      const slots = new Map<string, Slot>();
      const add = (place: SlotPlace, name: string) => slots.set(`${place}:${name}`, { place, name });
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' || parameter.in === 'path') add(parameter.in, parameter.name);
      }
      for (const name of COMMON_NAMES) add('query', name);
      if (jsonBody) {
        for (const name of bodyProperties(doc, content['application/json']?.schema)) add('body', name);
        for (const name of COMMON_NAMES) add('body', name);
      }
      shapes.push({ method: upper, path, slots: [...slots.values()], jsonBody });
    }
  }
  return shapes;
}

/** One request: the slots given a value are set, path parameters not given one are a plain `x`. */
export function buildRequest(operation: OperationShape, values: ReadonlyMap<Slot, Malformed>): InjectOptions {
  const query: string[] = [];
  const body: Buffer[] = [];
  const pathValues = new Map<string, string>();
  for (const [slot, value] of values) {
    if (slot.place === 'path') pathValues.set(slot.name, value.url.join(','));
    if (slot.place === 'query') for (const part of value.url) query.push(`${encodeURIComponent(slot.name)}=${part}`);
    if (slot.place === 'body') body.push(Buffer.concat([Buffer.from(`${JSON.stringify(slot.name)}:`), value.json]));
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => pathValues.get(name) ?? 'x');
  const url = query.length ? `${path}?${query.join('&')}` : path;
  if (!operation.jsonBody) return { method: operation.method as InjectOptions['method'], url };
  const payload = Buffer.concat([Buffer.from('{'), ...body.flatMap((entry, i) => (i ? [Buffer.from(','), entry] : [entry])), Buffer.from('}')]);
  return { method: operation.method as InjectOptions['method'], url, payload, headers: { 'content-type': 'application/json' } };
}

/** Whether a parsed JSON answer is a JeecgBoot `Result` envelope. */
export function isEnvelope(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const envelope = body as Record<string, unknown>;
  return typeof envelope.success === 'boolean' && typeof envelope.message === 'string' && typeof envelope.code === 'number'
    && 'result' in envelope && typeof envelope.timestamp === 'number';
}

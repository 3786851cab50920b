/**
 * The OpenAPI 3.1 document of the server, built from what is really registered: every route the onRoute hook saw
 * (method, URL, access rule from its config) plus the entity schemas for the generic CRUD endpoints (request bodies
 * from the same JSON Schema the forms and the server validator use, list parameters, record and page shapes).
 */
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../src/contracts/idempotency.ts';
import type { EntitySchema } from '../../src/contracts/entity.ts';
import { SYSTEM_FIELD_DEFS, normaliseQueryField } from '../../src/contracts/entity.ts';
import { entityWriteSchema, fieldToJsonSchema } from '../../src/contracts/validation/entity-json-schema.ts';
import { capabilityListParameters } from '../../capabilities/server.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  public?: boolean;
  authenticated?: boolean;
  permission?: string;
}

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Fastify's `:name` and `*` become OpenAPI `{name}` and `{path}`. */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
      params.push(name);
      return `{${name}}`;
    })
    .replace(/\*$/, () => {
      params.push('path');
      return '{path}';
    });
  return { path, params };
}

function componentName(schema: EntitySchema): string {
  return schema.name.charAt(0).toUpperCase() + schema.name.slice(1);
}

/** What a record looks like on the wire: declared fields, system fields, dictionary texts. */
function recordSchema(schema: EntitySchema): Json {
  const properties: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(SYSTEM_FIELD_DEFS)) {
    if (name !== 'tenantId') properties[name] = { ...fieldToJsonSchema(def), readOnly: true };
  }
  for (const [name, field] of Object.entries(schema.fields)) {
    const { minLength: _min, pattern: _pattern, ...shape } = fieldToJsonSchema(field);
    properties[name] = { ...shape, ...(field.mask ? { description: '列表中脱敏显示' } : {}) };
    if (field.dict) properties[`${name}_dictText`] = { type: 'string', title: `${field.label}（字典文本）`, readOnly: true };
  }
  return { type: 'object', title: schema.title, properties };
}

function resultOf(result: unknown): Json {
  return { allOf: [ref('Result'), { type: 'object', properties: { result } }] };
}

const LIST_PARAMETERS = [
  { name: 'pageNo', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 10 } },
  { name: 'column', in: 'query', description: '排序字段（可逗号分隔多个；仅允许可排序列，`_dictText` 后缀会去掉）', schema: { type: 'string' } },
  { name: 'order', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
  { name: 'superQueryParams', in: 'query', description: 'URI 编码的 JSON 数组 [{field, rule, val}]', schema: { type: 'string' } },
  { name: 'superQueryMatchType', in: 'query', schema: { type: 'string', enum: ['and', 'or'] } },
];

function listParameters(schema: EntitySchema): Json[] {
  const fields = (schema.list.query ?? []).map((q) => normaliseQueryField(schema, q));
  const filters = fields.flatMap(({ field, mode }) => {
    const label = schema.fields[field]?.label ?? (SYSTEM_FIELD_DEFS as Record<string, { label: string }>)[field]?.label ?? field;
    if (mode === 'range') {
      return [
        { name: `${field}_begin`, in: 'query', description: `${label}（起）`, schema: { type: 'string' } },
        { name: `${field}_end`, in: 'query', description: `${label}（止）`, schema: { type: 'string' } },
      ];
    }
    return [{ name: field, in: 'query', description: `${label}：JeecgBoot 取值语法（*x*、x*、a,b、!x、>= 5 …）`, schema: { type: 'string' } }];
  });
  return [...LIST_PARAMETERS, ...filters, ...capabilityListParameters(schema)];
}

/** The header a money-moving write takes (schema `idempotencyKey` on an add or an operation). */
const IDEMPOTENCY_PARAMETER: Json = {
  name: IDEMPOTENCY_HEADER, in: 'header', required: true, description: '每次提交一个（8–64位字母、数字、-、_）；重复提交返回首次结果',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
};

/** URLs of operations that take an Idempotency-Key: `<api>/<key>`, or the `route` a domain serves. */
function keyedOperationUrls(entities: EntitySchema[], prefix: string): Set<string> {
  return new Set(entities.flatMap((schema) => (schema.operations ?? [])
    .filter((operation) => operation.idempotencyKey)
    .map((operation) => `${prefix}${operation.route ?? `${schema.api}/${operation.key}`}`)));
}

/** The parts an entity endpoint adds: parameters, request body, response, by the action in its URL. */
function entityOperation(schema: EntitySchema, action: string, method: string): Json {
  const name = componentName(schema);
  const idParam = (param: string, description: string) => [{ name: param, in: 'query', required: true, description, schema: { type: 'string' } }];
  switch (action) {
    case 'list':
      return { summary: `${schema.title}列表`, parameters: listParameters(schema), responses: okResponse(resultOf(ref(`${name}Page`))) };
    case 'queryById':
      return { summary: `查询${schema.title}`, parameters: idParam('id', '记录ID'), responses: okResponse(resultOf(ref(name))) };
    case 'add':
      return {
        summary: `新增${schema.title}`,
        // Money-moving adds (schema idempotencyKey): one key per submission, a repeat answers the first result.
        ...(schema.idempotencyKey ? { parameters: [IDEMPOTENCY_PARAMETER] } : {}),
        requestBody: jsonBody(ref(`${name}Write`)),
        responses: okResponse(resultOf({ type: 'object', properties: { id: { type: 'string' } } })),
      };
    case 'edit':
      return {
        summary: `编辑${schema.title}`,
        requestBody: jsonBody({ allOf: [ref(`${name}Write`), { type: 'object', required: ['id'], properties: { id: { type: 'string' } } }] }),
        responses: okResponse(ref('Result')),
      };
    case 'delete':
      return { summary: `删除${schema.title}`, parameters: idParam('id', '记录ID'), responses: okResponse(ref('Result')) };
    case 'deleteBatch':
      return { summary: `批量删除${schema.title}`, parameters: idParam('ids', '逗号分隔的记录ID（≤1000）'), responses: okResponse(ref('Result')) };
    case 'exportXls':
      return {
        summary: `导出${schema.title}`,
        parameters: [...listParameters(schema), { name: 'selections', in: 'query', schema: { type: 'string' } }],
        responses: { 200: { description: 'xlsx', content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } } },
      };
    case 'importExcel':
      return {
        summary: `导入${schema.title}`,
        requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } } } } },
        responses: okResponse(ref('Result')),
      };
    default:
      return { summary: `${schema.title}：${action}`, ...(method === 'GET' || method === 'DELETE' ? {} : { requestBody: jsonBody({ type: 'object' }) }), responses: okResponse(ref('Result')) };
  }
}

function okResponse(schema: unknown): Json {
  return { 200: { description: 'Result 信封（业务错误同样是 HTTP 200，success:false）', content: { 'application/json': { schema } } } };
}

function jsonBody(schema: unknown): Json {
  return { required: true, content: { 'application/json': { schema } } };
}

function access(route: RegisteredRoute): Json {
  if (route.public) return { security: [], 'x-access': 'public' };
  if (route.permission) return { security: [{ accessToken: [] }], 'x-access': 'permission', 'x-permission': route.permission };
  if (route.authenticated) return { security: [{ accessToken: [] }], 'x-access': 'authenticated' };
  return { security: [{ accessToken: [] }], 'x-access': 'denied' };
}

const COMPONENT_SCHEMAS: Json = {
  Result: {
    type: 'object',
    required: ['success', 'message', 'code', 'result', 'timestamp'],
    properties: {
      success: { type: 'boolean' },
      message: { type: 'string' },
      code: { type: 'integer', description: '200 成功；500 业务错误；510 无权限；401 未登录' },
      result: {},
      timestamp: { type: 'integer', description: 'epoch ms' },
    },
  },
  Page: {
    type: 'object',
    required: ['records', 'total', 'size', 'current', 'pages'],
    properties: {
      records: { type: 'array', items: { type: 'object' } },
      total: { type: 'integer' },
      size: { type: 'integer' },
      current: { type: 'integer' },
      pages: { type: 'integer' },
      orders: { type: 'array', items: {} },
      optimizeCountSql: { type: 'boolean' },
      searchCount: { type: 'boolean' },
      countId: { type: ['string', 'null'] },
      maxLimit: { type: ['integer', 'null'] },
    },
  },
};

export function buildOpenApiDocument(routes: RegisteredRoute[], entities: EntitySchema[], prefix: string, version: string): Json {
  const schemas: Json = { ...COMPONENT_SCHEMAS };
  for (const schema of entities) {
    const name = componentName(schema);
    schemas[name] = recordSchema(schema);
    schemas[`${name}Write`] = entityWriteSchema(schema);
    schemas[`${name}Page`] = { allOf: [ref('Page'), { type: 'object', properties: { records: { type: 'array', items: ref(name) } } }] };
  }
  const paths: Record<string, Record<string, Json>> = {};
  const keyed = keyedOperationUrls(entities, prefix);
  for (const route of routes) {
    if (route.method === 'HEAD' || !route.url.startsWith(prefix)) continue;
    const { path, params } = openApiPath(route.url);
    // The longest base that matches: /plateform/cost/repayment/add is hyAdvanceRepayment's, not /plateform/cost's.
    const entity = entities.filter((e) => route.url.startsWith(`${prefix}${e.api}/`)).sort((a, b) => b.api.length - a.api.length)[0];
    const action = entity ? route.url.slice(`${prefix}${entity.api}/`.length) : '';
    const operation: Json = {
      ...(entity ? entityOperation(entity, action, route.method) : { responses: okResponse(ref('Result')) }),
      ...(entity ? { tags: [entity.title] } : {}),
      ...access(route),
    };
    if (keyed.has(route.url)) operation.parameters = [...((operation.parameters as Json[] | undefined) ?? []), IDEMPOTENCY_PARAMETER];
    if (params.length) {
      operation.parameters = [
        ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...((operation.parameters as Json[] | undefined) ?? []),
      ];
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '网络货运平台 API（JeecgBoot 协议）',
      version,
      description: '所有 JSON 接口返回 Result 信封；列表为 MyBatis-Plus 分页。权限码见各操作的 x-permission。',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
    },
  };
}

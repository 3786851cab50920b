/**
 * Endpoints of the operations an entity schema declares (`operations`): `PUT|POST <api>/<key>`, guarded by
 * `<permissionPrefix>:<key>`. One transaction per call: the rows are read through the repository (so tenant and
 * data scopes apply), every row must pass the `when` guard, the inputs are validated with the entity's own field
 * rules, then `set` + inputs + updateBy/updateTime are written. Any refusal leaves every row as it was.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { FieldError, WireRecord } from '../../src/contracts/envelope.ts';
import {
  MAX_OPERATION_ROWS,
  OPERATION_KEY_PATTERN,
  RESERVED_OPERATION_KEYS,
  entityOperations,
  failedGuardField,
  guardMessage,
  inputFieldDef,
  operationAllows,
  operationInputSchema,
  operationPermission,
  successMessage,
  type OperationDef,
} from './contract.ts';
import { fieldMessage } from '../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../../server/context.ts';
import { ok } from '../../server/core/envelope.ts';
import { BusinessError, ValidationError } from '../../server/core/errors.ts';
import { requireCaller } from '../../server/auth/guard.ts';
import { compileValidator, type EntityRuntime } from '../../server/entity/registry.ts';
import { countRows, findRow, iterateRows, updateRow } from '../../server/entity/repository.ts';
import { scopeConditions } from '../../server/entity/data-scope.ts';
import type { QueryParams } from '../../server/entity/query.ts';
import { fileErrors, referenceErrors } from '../../server/entity/validation.ts';
import { prepareForStore } from '../../server/entity/field-types.ts';
import { answerText, hooksOf } from '../../server/entity/hooks.ts';
import { idempotencyKeyOf, inWriteTransaction } from '../../server/core/idempotency.ts';
import { assertRequirements, expressionScope, rowSetValues, writeHistory } from './server-transitions.ts';

const NOT_FOUND = '未找到对应数据';

/** Which rows a call names: by id (row and batch buttons) or every row passing the guard (toolbar buttons). */
type Target = { kind: 'ids'; ids: string[] } | { kind: 'all' };

/** Refuses, at start-up, an operation that would write or read anything the entity does not declare. */
export function assertOperationsSafe(entity: EntityRuntime): void {
  const { schema } = entity;
  const seen = new Set<string>();
  for (const operation of entityOperations(schema)) {
    const where = `${schema.name} operation ${operation.key}`;
    if (!OPERATION_KEY_PATTERN.test(operation.key) || RESERVED_OPERATION_KEYS.includes(operation.key) || seen.has(operation.key)) {
      throw new Error(`Bad or duplicate key in ${where}`);
    }
    seen.add(operation.key);
    // Inputs of another entity (`inputFrom`) are that entity's fields; its add checks them.
    const inputs = operation.inputFrom ? [] : (operation.input ?? []).map((i) => i.field);
    const fields = [...Object.keys(operation.set ?? {}), ...Object.keys(operation.when ?? {}), ...inputs];
    for (const field of fields) {
      if (!Object.hasOwn(schema.fields, field)) throw new Error(`${where} names an undeclared field: ${field}`);
    }
  }
}

function targetOf(body: WireRecord, operation: OperationDef): Target {
  if (body.all === true) {
    if (!operation.placement.includes('toolbar')) throw new BusinessError('请选择要操作的记录');
    return { kind: 'all' };
  }
  const raw = typeof body.ids === 'string' ? body.ids : typeof body.id === 'string' ? body.id : '';
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) throw new BusinessError('请选择要操作的记录');
  if (ids.length > MAX_OPERATION_ROWS) throw new BusinessError(`一次最多处理${MAX_OPERATION_ROWS}条记录`);
  return { kind: 'ids', ids };
}

/** The input values of the body, trimmed; empty means absent. Only declared inputs are read. */
function inputValues(operation: OperationDef, body: WireRecord): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { field } of operation.input ?? []) {
    let value: unknown = body[field];
    if (typeof value === 'string') value = value.trim();
    if (value === '' || value === null || value === undefined) continue;
    values[field] = value;
  }
  return values;
}

function inputErrors(ctx: AppContext, entity: EntityRuntime, operation: OperationDef, validate: ValidateFunction, values: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const defs = new Map((operation.input ?? []).map((input) => [input.field, inputFieldDef(entity.schema, input)]));
  if (!validate(values)) {
    for (const error of validate.errors ?? []) {
      const field =
        error.keyword === 'required' ? String((error.params as { missingProperty: string }).missingProperty) : error.instancePath.replace(/^\//, '');
      if (errors.some((e) => e.field === field)) continue;
      const def = defs.get(field);
      errors.push({ field, message: `${def?.label ?? field}：${fieldMessage(def, error.keyword, error.params)}` });
    }
  }
  for (const [field, def] of defs) {
    const value = values[field];
    if (!def.dict || ctx.tableDicts.has(def.dict) || value === undefined || errors.some((e) => e.field === field)) continue;
    if (!String(value).split(',').every((v) => ctx.dicts.has(def.dict!, v))) errors.push({ field, message: `${def.label}：请从列表中选择` });
  }
  return errors;
}

/** Rows the call names, read inside the transaction; a missing id (or another tenant's) refuses the whole call. */
async function loadRows(
  db: AppContext['db'],
  entity: EntityRuntime,
  operation: OperationDef,
  caller: Caller,
  target: Target,
  scope: Awaited<ReturnType<typeof scopeConditions>>,
  notFound = NOT_FOUND,
): Promise<WireRecord[]> {
  if (target.kind === 'ids') {
    const rows: WireRecord[] = [];
    for (const id of target.ids) {
      // Locked: two people approving and rejecting the same row at once must not both pass the guard.
      const row = await findRow(db, entity, caller.tenantId, id, scope, true);
      if (!row) throw new BusinessError(notFound);
      rows.push(row);
    }
    return rows;
  }
  // Toolbar: every row the guard admits, found with the list's own filters (so data scopes apply as well).
  const params: QueryParams = Object.fromEntries(Object.entries(operation.when ?? {}).map(([field, values]) => [field, values.join(',')]));
  if ((await countRows(db, { entity, tenantId: caller.tenantId, params, scope })) > MAX_OPERATION_ROWS) {
    throw new BusinessError(`一次最多处理${MAX_OPERATION_ROWS}条记录，请先筛选`);
  }
  const rows: WireRecord[] = [];
  for await (const batch of iterateRows(db, { entity, tenantId: caller.tenantId, params, scope })) rows.push(...batch.filter((row) => operationAllows(operation, row)));
  if (rows.length === 0) throw new BusinessError(`没有可以${operation.label}的记录`);
  return rows;
}

/** The endpoints of the entity's operations (operationsServer.routes calls it for an entity with rows to set). */
export function registerOperationRoutes(app: FastifyInstance, ctx: AppContext, prefix: string, entity: EntityRuntime): void {
  const operations = entityOperations(entity.schema);
  assertOperationsSafe(entity);
  const hooks = hooksOf(ctx, entity);
  for (const operation of operations) {
    // A panel or a form opened from the row calls its own endpoints, and a `route` is server code elsewhere
    // (tests/server/operation-routes.test.ts checks each one exists): there is nothing to run here.
    if (operation.panel || operation.openForm || operation.route) continue;
    const validateInput = compileValidator(operationInputSchema(entity.schema, operation));
    const handler = async (request: FastifyRequest) => {
      const caller = requireCaller(request);
      const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as WireRecord) : {};
      const target = targetOf(body, operation);
      const inputs = inputValues(operation, body);
      const errors = inputErrors(ctx, entity, operation, validateInput, inputs);
      if (errors.length === 0) errors.push(...(await referenceErrors(ctx, entity, caller, inputs)));
      // An upload input (the file-upload popup's operation) may name only files uploaded in the caller's tenant.
      if (errors.length === 0) errors.push(...(await fileErrors(ctx, entity, caller, inputs)));
      if (errors.length > 0) throw new ValidationError(errors);
      // A password input is stored as its hash, as a form's is.
      const written = { ...inputs };
      await prepareForStore(entity, written);
      // Operations taking a key (schema `idempotencyKey`) claim it in their own transaction: a repeat writes nothing.
      const key = operation.idempotencyKey ? idempotencyKeyOf(request) : undefined;
      let changed: string[] = [];
      const answer = await inWriteTransaction(ctx.db, caller, key, { endpoint: `${entity.schema.api}/${operation.key}`, body }, async (tx) => {
        const reach = await scopeConditions(tx, entity, caller, request.log);
        const rows = await loadRows(tx, entity, operation, caller, target, reach, answerText(hooks, 'notFound', NOT_FOUND));
        for (const row of rows) {
          const field = failedGuardField(operation, row);
          if (field) throw new BusinessError(guardMessage(entity.schema, operation, field, (dict, value) => ctx.dicts.text(dict, value)));
        }
        // The domain's part (hooks.beforeOperation): refuse, or write what goes with the change.
        await hooks.beforeOperation?.({ ctx, tx, caller, entity, operation, rows, inputs });
        for (const row of rows) {
          await assertRequirements(ctx, tx, entity, operation, row, caller);
          const scope = expressionScope(caller, row, { inputs: written });
          const values = { ...written, ...rowSetValues(operation, scope), updateBy: caller.username, updateTime: scope.now };
          await updateRow(tx, entity, caller.tenantId, String(row.id), values);
          await writeHistory(ctx, tx, operation, { ...scope, after: { ...row, ...values } }, caller);
        }
        changed = rows.map((row) => String(row.id));
        return ok({ count: changed.length }, successMessage(operation));
      });
      // After the commit: live grids on other pages re-read the rows.
      for (const id of changed) {
        ctx.live?.rowChanged({ tenantId: caller.tenantId, entity: entity.schema.name, id }).catch((error: unknown) => request.log.warn({ err: error }, 'live update failed'));
      }
      return answer;
    };
    const config = { permission: operationPermission(entity.schema, operation) };
    app.put(`${prefix}${entity.schema.api}/${operation.key}`, { config }, handler);
    app.post(`${prefix}${entity.schema.api}/${operation.key}`, { config }, handler);
  }
}

/**
 * The bell's counters (`GET /hydriver/hyDriver/getDsXx`): for each category of src/contracts/todo-categories.ts,
 * the total of the list its link opens — that entity's list with the state's preset filters, counted with the
 * caller's read scope and field visibility, exactly as the list endpoint would. A caller who may not open the list
 * (no `<prefix>:list`), or a non-staff caller on a staff-only category, gets 0.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, Caller } from '../../../context.ts';
import { TODO_CATEGORIES, todoTarget, type TodoCategory, type TodoKey } from '../../../../src/contracts/todo-categories.ts';
import { permissionCode } from '../../../../src/contracts/entity.ts';
import { STAFF_USER_TYPE, readScopeConditions } from '../../../entity/data-scope.ts';
import { fieldVisibility } from '../../../entity/field-visibility.ts';
import { countRows } from '../../../entity/repository.ts';
import type { QueryParams } from '../../../entity/query.ts';

export type DsXxCounts = Record<TodoKey, number>;

/** The entity whose list a category opens, and the preset filters of its state; a broken link stops the server. */
export function todoQuery(ctx: AppContext, category: TodoCategory) {
  const { listPath, state } = todoTarget(category);
  const entity = ctx.entities.find((e) => e.schema.menu?.path === listPath);
  const preset = entity?.schema.list?.states?.[state];
  if (!entity || !preset) throw new Error(`The bell's ${category.key} opens ${category.path}, which no list state declares`);
  const params: QueryParams = { ...preset };
  return { entity, params };
}

async function countCategory(ctx: AppContext, caller: Caller, category: TodoCategory, log?: FastifyBaseLogger): Promise<number> {
  if (category.staffOnly && caller.userType !== STAFF_USER_TYPE) return 0;
  const { entity, params } = todoQuery(ctx, category);
  if (!caller.permissions.has(permissionCode(entity.schema, 'list'))) return 0;
  const scope = await readScopeConditions(ctx.db, entity, caller, log);
  return countRows(ctx.db, { entity, tenantId: caller.tenantId, params, scope, visibility: fieldVisibility(entity, caller) });
}

export async function dsXxCounts(ctx: AppContext, caller: Caller, log?: FastifyBaseLogger): Promise<DsXxCounts> {
  const counts = await Promise.all(TODO_CATEGORIES.map((category) => countCategory(ctx, caller, category, log)));
  return Object.fromEntries(TODO_CATEGORIES.map((category, i) => [category.key, counts[i]])) as DsXxCounts;
}

/** Checked at start-up: every category names a list state that exists. */
export function assertTodoLinks(ctx: AppContext): void {
  for (const category of TODO_CATEGORIES) todoQuery(ctx, category);
}

/**
 * A tree list answered as one array (schema `tree.wholeList`, JeecgBoot's /sys/permission/list): every row the
 * request matches, presented as the list presents them. Without a filter the rows are nested — each node's children
 * in `children`, leaves without it; a row whose parent is not among them (deleted, or out of the caller's scope)
 * stands at the top, where an editor can still reach it. With a filter the matches come flat, at any depth. Paging
 * and sorting parameters are not read.
 */
import { sql, type RawBuilder } from 'kysely';
import type { WireRecord } from '../../src/contracts/envelope.ts';
import type { AppContext, Caller } from '../context.ts';
import type { EntityRuntime } from './registry.ts';
import { buildOrder, type QueryParams } from './query.ts';
import { listWhere } from './list-plan.ts';
import { selectList } from './select-list.ts';
import { fieldVisibility, type FieldVisibility } from './field-visibility.ts';
import { presentForCaller } from './list-route.ts';
import type { TreeRules } from './tree.ts';

/** Never paged, so bounded: a menu tree holds hundreds of rows. */
const MAX_ROWS = 5_000;

/** `extra`: the caller's read scope and the domain's list conditions (the roots-only condition is not wanted here). */
export async function wholeTreeList(
  ctx: AppContext,
  entity: EntityRuntime,
  tree: TreeRules,
  caller: Caller,
  params: QueryParams,
  extra: RawBuilder<unknown>[],
): Promise<WireRecord[]> {
  const visibility = fieldVisibility(entity, caller);
  const { rows } = await sql<WireRecord>`select ${selectList(entity)} from ${sql.id(entity.schema.table)}
    where ${listWhere({ entity, tenantId: caller.tenantId, params, scope: extra, visibility })}
    order by ${wholeTreeOrder(entity, visibility)} limit ${MAX_ROWS}`.execute(ctx.db);
  const shown = await presentForCaller(ctx, entity, rows, true, caller);
  // The tree's roots-only condition stands exactly when the request carries no filter.
  const filtered = tree.listConditions(params).length === 0;
  return filtered ? shown : nest(shown, tree.tree.parentField);
}

/**
 * A tree read whole keeps the tree's own order, the schema's defaultSort, whatever column/order a request names (as
 * JeecgBoot's menu list does); siblings sharing a sort value keep the order they were added in (query.ts orderSql).
 */
export function wholeTreeOrder(entity: EntityRuntime, visibility?: FieldVisibility): RawBuilder<unknown> {
  return buildOrder(entity, {}, visibility, 'asc');
}

function nest(rows: WireRecord[], parentField: string): WireRecord[] {
  const ids = new Set(rows.map((row) => String(row.id)));
  const byParent = new Map<string, WireRecord[]>();
  const roots: WireRecord[] = [];
  for (const row of rows) {
    const parent = row[parentField];
    const key = parent === null || parent === undefined ? '' : String(parent);
    if (key && ids.has(key) && key !== String(row.id)) byParent.set(key, [...(byParent.get(key) ?? []), row]);
    else roots.push(row);
  }
  const placed = new Set<string>();
  const build = (nodes: WireRecord[]): WireRecord[] =>
    nodes.map((node) => {
      placed.add(String(node.id));
      const children = (byParent.get(String(node.id)) ?? []).filter((child) => !placed.has(String(child.id)));
      return children.length > 0 ? { ...node, children: build(children) } : node;
    });
  const tree = build(roots);
  // Rows caught in a corrupted cycle reach no root: they stand at the top rather than vanish.
  for (const row of rows) if (!placed.has(String(row.id))) tree.push(...build([row]));
  return tree;
}

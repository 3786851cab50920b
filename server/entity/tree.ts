/**
 * Tree entities (JeecgBoot's online tree list): rows point at their parent through `tree.parentField`, roots
 * carry '0'. The server alone keeps `tree.hasChildField` ('1'/'0') right, inside the caller's write transaction:
 * adding, moving and deleting a node refresh the old and the new parent. A parent must exist in the caller's
 * tenant, a node cannot sit under itself or its descendants, and a node with children cannot be deleted (the
 * user deletes the leaves first: removing a subtree by accident is worse than one more click) — unless the schema
 * says `tree.deleteSubtree` (a menu goes with its pages and buttons). With `storage.deletedFlag`, only live rows
 * count: as parents, as children and for hasChild.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Page, WireRecord } from '../../src/contracts/envelope.ts';
import { TREE_ROOT_ID, type TreeSection } from '../../src/contracts/entity.ts';
import type { SystemTables } from '../db/schema.ts';
import { BusinessError, ValidationError } from '../core/errors.ts';
import type { EntityRuntime } from './registry.ts';
import { tenantWhere } from './tenancy.ts';
import { buildFilters, buildOrder, type QueryParams } from './query.ts';
import type { FieldVisibility } from './field-visibility.ts';
import { liveConditions } from './soft-delete.ts';
import { selectList } from './select-list.ts';

type Db = Kysely<SystemTables>;

/** Deeper trees than this are refused: the ancestor walk must end even on corrupted data. */
const MAX_DEPTH = 100;
/** childList answers every child at once (no paging), as JeecgBoot does; this bounds it. */
const MAX_CHILDREN = 1000;

function col(entity: EntityRuntime, property: string): RawBuilder<unknown> {
  return sql.id(entity.columns.get(property)!) as unknown as RawBuilder<unknown>;
}

function tableOf(entity: EntityRuntime): RawBuilder<unknown> {
  return sql.id(entity.schema.table) as unknown as RawBuilder<unknown>;
}

export function isRootId(value: unknown): boolean {
  return value === null || value === undefined || value === '' || value === TREE_ROOT_ID;
}

export interface TreeRules {
  tree: TreeSection;
  /** The list shows only roots when the request carries no filter (searching finds nodes at any depth). */
  listConditions(params: QueryParams): RawBuilder<unknown>[];
  /** `extra`: the caller's data scope, as the list applies it. */
  children(db: Db, tenantId: number, parentId: string, params: QueryParams, extra?: RawBuilder<unknown>[], visibility?: FieldVisibility): Promise<Page<WireRecord>>;
  /** Normalises the parent ('' → '0', or NULL with `nullRoots`) and checks it; returns the parents whose hasChild may change. */
  beforeWrite(db: Db, tenantId: number, record: Record<string, unknown>, id?: string, oldParent?: unknown): Promise<string[]>;
  /** Refuses nodes that still have children outside `ids`; returns their parents. */
  beforeDelete(db: Db, tenantId: number, ids: string[]): Promise<string[]>;
  /** Recomputes hasChild of these nodes from the table. */
  refresh(db: Db, tenantId: number, ids: string[]): Promise<void>;
  /** `ids` and every live node below them (tree.deleteSubtree). */
  subtree(db: Db, tenantId: number, ids: string[]): Promise<string[]>;
}

export function treeRules(entity: EntityRuntime): TreeRules | undefined {
  const tree = entity.schema.tree;
  if (!tree) return undefined;
  const parent = col(entity, tree.parentField);
  const hasChild = col(entity, tree.hasChildField);
  const parentLabel = entity.schema.fields[tree.parentField]?.label ?? '上级节点';
  const table = tableOf(entity);
  // Soft-deleted rows are no nodes (unqualified: inside each subquery it names that subquery's own row).
  const live = liveConditions(entity);
  const andLive = live.length ? sql` and ${sql.join(live, sql` and `)}` : sql``;

  async function parentOf(db: Db, tenantId: number, id: string): Promise<{ found: boolean; parent: unknown }> {
    const { rows } = await sql<{ parent: unknown }>`select ${parent} as parent from ${table}
      where ${tenantWhere(entity, tenantId)} and id = ${id}${andLive}`.execute(db);
    return rows.length > 0 ? { found: true, parent: rows[0].parent } : { found: false, parent: undefined };
  }

  return {
    tree,
    listConditions(params) {
      if (buildFilters(entity, params).length > 0) return [];
      return [sql`(${parent} is null or ${parent} = '' or ${parent} = ${TREE_ROOT_ID})`];
    },

    async children(db, tenantId, parentId, params, extra = [], visibility) {
      const where = sql.join([tenantWhere(entity, tenantId), sql`${parent} = ${parentId}`, ...live, ...extra], sql` and `);
      // A tree read whole (tree.wholeList) keeps its own order here too (whole-tree.ts wholeTreeOrder).
      const { rows } = await sql<WireRecord>`select ${selectList(entity)}
        from ${table} where ${where}
        order by ${tree.wholeList ? buildOrder(entity, {}, visibility, 'asc') : buildOrder(entity, params, visibility)} limit ${MAX_CHILDREN}`.execute(db);
      return {
        records: rows, total: rows.length, size: rows.length, current: 1, pages: 1,
        orders: [], optimizeCountSql: true, searchCount: true, countId: null, maxLimit: null,
      };
    },

    async beforeWrite(db, tenantId, record, id, oldParent) {
      const wanted = record[tree.parentField];
      const parentId = isRootId(wanted) ? TREE_ROOT_ID : String(wanted);
      record[tree.parentField] = parentId === TREE_ROOT_ID && tree.nullRoots ? null : parentId;
      if (parentId !== TREE_ROOT_ID) {
        if (parentId === id) throw new ValidationError([{ field: tree.parentField, message: tree.cycleMessage ?? `${parentLabel}不能是节点自己` }]);
        // Walk up from the new parent: meeting the node itself means the move would make a cycle.
        let cursor: string = parentId;
        for (let depth = 0; ; depth++) {
          const step = await parentOf(db, tenantId, cursor);
          if (!step.found) {
            throw new ValidationError([{ field: tree.parentField, message: `${parentLabel}不存在，请重新选择` }]);
          }
          if (isRootId(step.parent)) break;
          cursor = String(step.parent);
          if (id !== undefined && cursor === id) {
            throw new ValidationError([{ field: tree.parentField, message: tree.cycleMessage ?? `${parentLabel}不能是节点自己的下级` }]);
          }
          if (depth >= MAX_DEPTH) throw new BusinessError(`层级超过${MAX_DEPTH}层，请检查${parentLabel}`);
        }
      }
      return [parentId, ...(isRootId(oldParent) ? [] : [String(oldParent)])].filter((p) => p !== TREE_ROOT_ID);
    },

    async beforeDelete(db, tenantId, ids) {
      const { rows } = await sql<{ id: string; label: unknown }>`select p.id, p.${col(entity, tree.labelField)} as label
        from ${table} p where ${tenantWhere(entity, tenantId, 'p')} and p.id in (${sql.join(ids)}) and exists (
          select 1 from ${table} c where ${tenantWhere(entity, tenantId, 'c')} and c.${parent} = p.id and c.id not in (${sql.join(ids)})${andLive})
        limit 1`.execute(db);
      if (rows.length > 0) throw new BusinessError(`“${String(rows[0].label ?? rows[0].id)}”下还有子节点，请先删除子节点`);
      const parents = await sql<{ parent: unknown }>`select distinct ${parent} as parent from ${table}
        where ${tenantWhere(entity, tenantId)} and id in (${sql.join(ids)})`.execute(db);
      return parents.rows.map((r) => r.parent).filter((p) => !isRootId(p) && !ids.includes(String(p))).map(String);
    },

    async refresh(db, tenantId, ids) {
      const wanted = [...new Set(ids.filter((id) => !isRootId(id)))];
      if (wanted.length === 0) return;
      await sql`update ${table} p set ${hasChild} = case when exists (
          select 1 from ${table} c where ${entity.tenantScoped ? sql`c.tenant_id = p.tenant_id` : sql`true`} and c.${parent} = p.id${andLive}) then '1' else '0' end
        where ${tenantWhere(entity, tenantId, 'p')} and p.id in (${sql.join(wanted)})`.execute(db);
    },

    async subtree(db, tenantId, ids) {
      if (ids.length === 0) return [];
      // `union` drops rows already found, so even a corrupted cycle ends.
      const { rows } = await sql<{ id: unknown }>`with recursive nodes as (
          select id, ${parent} as parent from ${table} where ${tenantWhere(entity, tenantId)}${andLive}
        ), below(id) as (
          select id from nodes where id in (${sql.join(ids)})
          union select n.id from nodes n join below b on n.parent = b.id
        ) select id from below`.execute(db);
      return rows.map((row) => String(row.id));
    },
  };
}

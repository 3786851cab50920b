/**
 * Departments (`/sys/sysDepart`, contract §6.6) on the engine: a tree entity over sys_depart (migrations 0120/0122,
 * tenant-scoped; roots keep a NULL parent). list/childList/queryById/add/edit/delete are the engine's, with the
 * tree's own rules (a parent of the tenant, no cycles, hasChild kept). The domain's own:
 * - the organisation code is always the server's (depart-store.ts): a new department takes the next code under
 *   its parent, and a moved one re-codes its subtree (and the current department of its users);
 * - delete takes whole subtrees: a department with sub-departments or users is refused with CONFIRM_REQUIRED_CODE
 *   and a question, and the same request with `confirm=true` deletes the subtree and takes its users out of it;
 * - the tree models queryIdTree, searchBy, queryDepartTreeSync and queryMyDeptTreeList, and what hangs off a
 *   department (depart-links.ts). queryTreeList stays in server/auth/directory-routes.ts (any user's picker).
 */
import { sql, type RawBuilder } from 'kysely';
import type { WireRecord } from '../../../src/contracts/envelope.ts';
import type { DepartTreeNode } from '../../../src/contracts/directory.ts';
import { CONFIRM_REQUIRED_CODE } from '../../../src/contracts/confirm.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { requireCaller } from '../../auth/guard.ts';
import { buildDepartTree, DEPART_TREE_COLUMNS } from '../../auth/directory-routes.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { isRootId } from '../../entity/tree.ts';
import { allocateOrgCode, departInTenant, moveSubtree, syncUserDepartments } from './depart-store.ts';
import { registerDepartLinkRoutes } from './depart-links.ts';
import { text } from './values.ts';

const P = 'system:depart';
const DEPART_NOT_FOUND = '未找到对应部门';
/** queryDepartTreeSync answers one level at once; this bounds it. */
const LEVEL_LIMIT = 1000;

type Where = RawBuilder<unknown>;

const departHooks: EntityHooks = {
  async beforeWrite({ tx, caller, record, existing }) {
    // The tree rules ran first: the parent exists in the tenant and is not the department or below it.
    const parentId = isRootId(record.parentId) ? null : String(record.parentId);
    const parentCode = async () => (parentId ? ((await departInTenant(tx, caller.tenantId, parentId))?.org_code ?? '') : '');
    if (!existing) {
      record.orgCode = await allocateOrgCode(tx, caller.tenantId, await parentCode());
      return;
    }
    if ((isRootId(existing.parentId) ? null : String(existing.parentId)) === parentId) return;
    // Moving: the subtree takes codes under the new parent.
    const code = await allocateOrgCode(tx, caller.tenantId, await parentCode());
    await moveSubtree(tx, caller.tenantId, String(existing.orgCode), code);
  },

  async beforeDelete({ tx, caller, rows, requested, confirmed }) {
    // All or nothing: another tenant's id reads exactly like an unknown one.
    if (rows.length !== requested.length) throw new BusinessError(DEPART_NOT_FOUND);
    const chosen = new Set(rows.map((row) => String(row.id)));
    const subtree = sql.join(rows.map((row) => sql`left(org_code, ${String(row.orgCode).length}) = ${String(row.orgCode)}`), sql` or `);
    const { rows: found } = await sql<{ id: string }>`select id from sys_depart
      where tenant_id = ${caller.tenantId} and (${subtree})`.execute(tx);
    const doomed = found.map((row) => row.id);
    const below = doomed.filter((id) => !chosen.has(id));
    const users = (await tx.selectFrom('sys_user_depart').select('user_id').distinct().where('dep_id', 'in', doomed).execute()).map((u) => u.user_id);
    if ((below.length > 0 || users.length > 0) && !confirmed) {
      const name = rows.length === 1 ? `部门“${String(rows[0].departName)}”` : '所选部门';
      const parts = [below.length > 0 ? `${below.length}个下级部门` : '', users.length > 0 ? `${users.length}名用户` : ''].filter(Boolean).join('和');
      throw new BusinessError(`${name}下还有${parts}，删除后下级部门一并删除、用户移出这些部门。确定删除吗？`, CONFIRM_REQUIRED_CODE);
    }
    await tx.deleteFrom('sys_user_depart').where('dep_id', 'in', doomed).execute();
    // The chosen departments are the engine's to delete; what lies below them goes here (their department
    // permissions and roles follow on delete cascade).
    if (below.length > 0) await tx.deleteFrom('sys_depart').where('tenant_id', '=', caller.tenantId).where('id', 'in', below).execute();
    await syncUserDepartments(tx, users);
  },

  // The add answers the code it made (beforeWrite put it into the record; the engine writes it with the row).
  addResult: (id, record) => ({ id, orgCode: record.orgCode }),

  // JeecgBoot answers a root's parent as ''.
  present: (rows) => rows.map((row) => (row.parentId === null || row.parentId === undefined ? { ...row, parentId: '' } : row)),

  texts: { edit: '修改成功!', delete: '删除成功!', deleteBatch: '删除成功!', notFound: DEPART_NOT_FOUND },
};

async function treeOf(ctx: AppContext, tenantId: number, extra: Where[] = []): Promise<DepartTreeNode[]> {
  let query = ctx.db.selectFrom('sys_depart').select([...DEPART_TREE_COLUMNS]).where('tenant_id', '=', tenantId).where('del_flag', '=', 0);
  for (const condition of extra) query = query.where(sql<boolean>`${condition}`);
  return buildDepartTree(await query.orderBy('depart_order').orderBy('org_code').execute());
}

interface IdNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: IdNode[];
}

function idTree(nodes: DepartTreeNode[]): IdNode[] {
  return nodes.map((node) => ({
    key: node.id,
    value: node.id,
    title: node.departName,
    isLeaf: node.isLeaf,
    ...(node.children ? { children: idTree(node.children) } : {}),
  }));
}

/** One level of the tree as the department list presents a row (JeecgBoot's SysDepart fields). */
async function levelOf(ctx: AppContext, tenantId: number, level: Where): Promise<WireRecord[]> {
  const { rows } = await sql<WireRecord>`select id, parent_id as "parentId", depart_name as "departName", org_code as "orgCode",
      org_category as "orgCategory", depart_order as "departOrder", depart_name_en as "departNameEn",
      depart_name_abbr as "departNameAbbr", description, org_type as "orgType", mobile, fax, address, memo, status,
      del_flag as "delFlag", create_by as "createBy", create_time as "createTime", update_by as "updateBy",
      update_time as "updateTime", has_child as "hasChild"
    from sys_depart where tenant_id = ${tenantId} and ${level}
    order by depart_order asc, org_code asc limit ${LEVEL_LIMIT}`.execute(ctx.db);
  return rows;
}

export const departsDomain: DomainModule = {
  name: 'system/departs',
  hooks: { sysDepart: departHooks },
  routes(app, ctx, prefix) {
    const base = `${prefix}/sys/sysDepart`;

    app.get(`${base}/queryIdTree`, { config: { permission: `${P}:list` } }, async (request) => {
      const caller = requireCaller(request);
      return ok(idTree(await treeOf(ctx, caller.tenantId)));
    });

    app.get<{ Querystring: { keyWord?: string } }>(`${base}/searchBy`, { config: { permission: `${P}:list` } }, async (request) => {
      const caller = requireCaller(request);
      const keyWord = text(request.query.keyWord);
      if (!keyWord) return ok([]);
      const like = `%${keyWord.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // A flat list of matches, each a leaf-shaped node (JeecgBoot's search answer).
      const nodes = await treeOf(ctx, caller.tenantId, [sql`depart_name ilike ${like}`]);
      const flat = (list: DepartTreeNode[]): DepartTreeNode[] => list.flatMap((n) => [{ ...n, children: null, isLeaf: true }, ...flat(n.children ?? [])]);
      return ok(flat(nodes));
    });

    // One level of the tree for lazy pickers (JSelectDept): children of `pid` (roots without it); `primaryKey=orgCode`
    // makes key/value the code. Any logged-in user, like queryTreeList, and only in the session's tenant.
    app.get<{ Querystring: { pid?: string; primaryKey?: string } }>(`${base}/queryDepartTreeSync`, { config: { authenticated: true } }, async (request) => {
      const caller = requireCaller(request);
      const pid = text(request.query.pid);
      const byCode = text(request.query.primaryKey) === 'orgCode';
      const level = pid ? sql`parent_id = ${pid}` : sql`(parent_id is null or parent_id in ('', '0'))`;
      const nodes = (await levelOf(ctx, caller.tenantId, level)).map(({ hasChild, ...record }) => {
        const key = String(byCode ? record.orgCode : record.id);
        return { ...record, parentId: record.parentId || null, key, value: key, title: record.departName, isLeaf: hasChild !== '1', children: null };
      });
      return ok(nodes);
    });

    // The caller's own departments and everything below them, as a tree (any logged-in user: it is their own).
    app.get(`${base}/queryMyDeptTreeList`, { config: { authenticated: true } }, async (request) => {
      const caller = requireCaller(request);
      const mine = await ctx.db
        .selectFrom('sys_depart as d')
        .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
        .select('d.org_code')
        .where('ud.user_id', '=', caller.userId)
        .where('d.tenant_id', '=', caller.tenantId)
        .execute();
      if (mine.length === 0) return ok([]);
      const below = sql.join(mine.map((row) => sql`left(org_code, ${row.org_code.length}) = ${row.org_code}`), sql` or `);
      return ok(await treeOf(ctx, caller.tenantId, [sql`(${below})`]));
    });

    registerDepartLinkRoutes(app, ctx, prefix);
  },
};

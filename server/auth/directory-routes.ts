/**
 * Pickers' data: the department tree (`GET /sys/sysDepart/queryTreeList`, contract §6.6) and users
 * (`GET /sys/user/queryUserComponentData`, §6.4). Any logged-in user may read them, but only for the tenant of
 * their session, and users come back without credentials (no hash, no salt, no phone).
 */
import { sql } from 'kysely';
import { STAFF_USER_TYPE } from '../entity/data-scope.ts';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/contracts/envelope.ts';
import { USER_PICK_MAX_PAGE, type DepartTreeNode, type UserPickItem } from '../../src/contracts/directory.ts';
import { splitList } from '../../src/contracts/field-values.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../core/envelope.ts';
import { inTenant } from '../../field-types/user/server.ts';
import { requireCaller } from './guard.ts';

interface DepartRow {
  id: string;
  parent_id: string | null;
  depart_name: string;
  org_code: string;
  org_category: string;
  depart_order: number;
  status: string;
  del_flag: number;
  create_time: string;
  /** The remaining contract fields (optional: not every caller selects them). */
  depart_name_en?: string | null;
  depart_name_abbr?: string | null;
  description?: string | null;
  org_type?: string | null;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
  create_by?: string | null;
  update_by?: string | null;
  update_time?: string | null;
}

/** Columns of a SysDepartTreeModel node (contract §6.6). */
export const DEPART_TREE_COLUMNS = [
  'id', 'parent_id', 'depart_name', 'org_code', 'org_category', 'depart_order', 'status', 'del_flag', 'create_time',
  'depart_name_en', 'depart_name_abbr', 'description', 'org_type', 'mobile', 'fax', 'address', 'memo',
  'create_by', 'update_by', 'update_time',
] as const;

/** Flat rows → tree; a department whose parent is not in the set becomes a root. */
export function buildDepartTree(rows: DepartRow[]): DepartTreeNode[] {
  const nodes = new Map<string, DepartTreeNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      key: row.id,
      value: row.id,
      title: row.depart_name,
      isLeaf: true,
      id: row.id,
      parentId: row.parent_id,
      departName: row.depart_name,
      orgCode: row.org_code,
      orgCategory: row.org_category,
      departOrder: row.depart_order,
      status: row.status,
      delFlag: row.del_flag,
      createTime: row.create_time === null ? null : String(row.create_time),
      departNameEn: row.depart_name_en ?? null,
      departNameAbbr: row.depart_name_abbr ?? null,
      description: row.description ?? null,
      orgType: row.org_type ?? null,
      mobile: row.mobile ?? null,
      fax: row.fax ?? null,
      address: row.address ?? null,
      memo: row.memo ?? null,
      createBy: row.create_by ?? null,
      updateBy: row.update_by ?? null,
      updateTime: row.update_time ?? null,
      children: null,
    });
  }
  const roots: DepartTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (!parent) {
      roots.push(node);
      continue;
    }
    parent.children = [...(parent.children ?? []), node];
    parent.isLeaf = false;
  }
  return roots;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function registerDirectoryRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get<{ Querystring: { ids?: string } }>(`${prefix}/sys/sysDepart/queryTreeList`, { config: { authenticated: true } }, async (request) => {
    const caller = requireCaller(request);
    const ids = splitList(request.query.ids);
    let query = ctx.db
      .selectFrom('sys_depart')
      .select([...DEPART_TREE_COLUMNS])
      .where('tenant_id', '=', caller.tenantId)
      .where('del_flag', '=', 0);
    if (ids.length > 0) query = query.where('id', 'in', ids);
    const rows = await query.orderBy('depart_order').orderBy('org_code').execute();
    return ok(buildDepartTree(rows));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(
    `${prefix}/sys/user/queryUserComponentData`,
    { config: { authenticated: true } },
    async (request) => {
      const caller = requireCaller(request);
      const keyword = text(request.query.realname) || text(request.query.keyword);
      const usernames = splitList(request.query.username);
      const pageNo = Math.max(1, Math.floor(Number(request.query.pageNo)) || 1);
      const pageSize = Math.min(USER_PICK_MAX_PAGE, Math.max(1, Math.floor(Number(request.query.pageSize)) || 10));
      let query = ctx.db.selectFrom('sys_user').where('del_flag', '=', 0).where('status', '=', 1).where(inTenant(caller.tenantId));
      // A customer's people pick among their own customer's accounts, never the platform's or other shippers'.
      if (caller.userType !== STAFF_USER_TYPE) {
        query = caller.customerId ? query.where('customer_id', '=', caller.customerId) : query.where(sql<boolean>`false`);
      }
      if (usernames.length > 0) query = query.where('username', 'in', usernames);
      if (keyword) {
        const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('realname', 'ilike', like), eb('username', 'ilike', like)]));
      }
      const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const records: UserPickItem[] = await query
        .select(['id', 'username', 'realname', 'avatar', 'org_code as orgCode'])
        .orderBy('username')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      const count = Number(total);
      const page: Page<UserPickItem> = {
        records,
        total: count,
        size: pageSize,
        current: pageNo,
        pages: Math.ceil(count / pageSize),
        orders: [],
        optimizeCountSql: true,
        searchCount: true,
        countId: null,
        maxLimit: null,
      };
      return ok(page);
    },
  );
}

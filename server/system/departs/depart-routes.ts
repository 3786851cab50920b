/**
 * Department administration (`/sys/sysDepart`, contract §6.6): the tree-list screen's list/childList and the
 * CRUD, plus queryIdTree, searchBy and queryMyDeptTreeList. Everything is confined to the session's tenant; the
 * organisation code is always computed by the server (org-codes.ts). queryTreeList stays in
 * server/auth/directory-routes.ts (any logged-in user's department picker).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { Page, WireRecord } from '../../../src/contracts/envelope.ts';
import type { DepartTreeNode } from '../../../src/contracts/directory.ts';
import { normaliseRecord } from '../../../src/contracts/validation/entity-json-schema.ts';
import type { AppContext, Caller } from '../../context.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import { buildDepartTree, DEPART_TREE_COLUMNS } from '../../auth/directory-routes.ts';
import { buildFilters, buildOrder, pageParams, type QueryParams } from '../../entity/query.ts';
import { applyDefaults, validate } from '../../entity/validation.ts';
import { allocateOrgCode, isUniqueViolation } from './org-codes.ts';
import { bodyOf, entityNamed, storedParams, text, type DepartDb } from './store.ts';
import { deleteDeparts } from './depart-delete.ts';

const P = 'system:depart';
/** Declared properties with no column of their own. */
const UNSTORED = ['hasChild', 'sysOrgCode'] as const;
/** childList answers all children at once; this bounds it. */
const CHILD_LIMIT = 1000;

const WIRE_SELECT = sql`id, coalesce(parent_id, '') as "parentId", depart_name as "departName", org_code as "orgCode",
  org_category as "orgCategory", depart_order as "departOrder", depart_name_en as "departNameEn",
  depart_name_abbr as "departNameAbbr", description, org_type as "orgType", mobile, fax, address, memo, status,
  del_flag as "delFlag", create_by as "createBy", create_time as "createTime", update_by as "updateBy",
  update_time as "updateTime",
  case when exists (select 1 from sys_depart c where c.parent_id = sys_depart.id) then '1' else '0' end as "hasChild"`;

type Where = RawBuilder<unknown>;

function whereAll(conditions: Where[]): Where {
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

async function selectRecords(ctx: AppContext, where: Where[], order: Where, limit: number, offset = 0): Promise<WireRecord[]> {
  const { rows } = await sql<WireRecord>`select ${WIRE_SELECT} from sys_depart where ${whereAll(where)}
    order by ${order} limit ${limit} offset ${offset}`.execute(ctx.db);
  return rows.map((row) => ({ ...row, orgCategory_dictText: ctx.dicts.text('org_category', row.orgCategory) }));
}

export function inTenant(tenantId: number): Where {
  return sql`tenant_id = ${tenantId}`;
}

/** One department of the tenant (any other id, including another tenant's, reads as not found). */
export async function departInTenant(db: DepartDb, tenantId: number, id: string) {
  if (!id) return undefined;
  return db.selectFrom('sys_depart').selectAll().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
}

function page(records: WireRecord[], total: number, pageNo: number, pageSize: number): Page<WireRecord> {
  return {
    records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize),
    orders: [], optimizeCountSql: true, searchCount: true, countId: null, maxLimit: null,
  };
}

/** The writable fields of a body, validated like the form (same ajv schema); parentId '0'/'' means a root. */
function departValues(ctx: AppContext, body: Record<string, unknown>): Record<string, unknown> {
  const entity = entityNamed(ctx, 'sysDepart');
  // JeecgBoot clients may send the category as a number; the dictionary's values are strings.
  const orgCategory = typeof body.orgCategory === 'number' ? String(body.orgCategory) : body.orgCategory;
  const record = normaliseRecord(entity.schema, { ...body, orgCategory });
  if (record.parentId === '0') delete record.parentId;
  applyDefaults(entity, record);
  validate(ctx, entity, record);
  return record;
}

function columnsOf(record: Record<string, unknown>) {
  const value = (name: string) => (record[name] === undefined ? null : (record[name] as string));
  return {
    depart_name: String(record.departName),
    org_category: String(record.orgCategory),
    depart_order: Number(record.departOrder ?? 0),
    depart_name_en: value('departNameEn'),
    depart_name_abbr: value('departNameAbbr'),
    mobile: value('mobile'),
    fax: value('fax'),
    address: value('address'),
    memo: value('memo'),
  };
}

const PARENT_MISSING = '上级部门不存在，请重新选择';

async function parentOf(db: DepartDb, caller: Caller, parentId: unknown) {
  if (parentId === undefined) return null;
  const parent = await departInTenant(db, caller.tenantId, String(parentId));
  if (!parent) throw new ValidationError([{ field: 'parentId', message: PARENT_MISSING }]);
  return parent;
}

/** Runs a write that allocates codes, again if a concurrent add took the same code first. */
async function withCodeRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error: unknown) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

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

export function registerDepartAdminRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/sysDepart`;
  const entity = entityNamed(ctx, 'sysDepart');

  // Roots, paged; any filter searches every level (as the engine's tree lists do).
  app.get<{ Querystring: QueryParams }>(`${base}/list`, { config: { permission: `${P}:list` } }, async (request) => {
    const caller = requireCaller(request);
    const params = storedParams(request.query, UNSTORED);
    const filters = buildFilters(entity, params);
    const where = [inTenant(caller.tenantId), ...filters];
    if (filters.length === 0) where.push(sql`(parent_id is null or parent_id in ('', '0'))`);
    const { pageNo, pageSize } = pageParams(params);
    const order = buildOrder(entity, params);
    const records = await selectRecords(ctx, where, order, pageSize, (pageNo - 1) * pageSize);
    const { rows } = await sql<{ total: number }>`select count(*)::int as total from sys_depart where ${whereAll(where)}`.execute(ctx.db);
    return ok(page(records, Number(rows[0]?.total ?? 0), pageNo, pageSize));
  });

  app.get<{ Querystring: QueryParams }>(`${base}/childList`, { config: { permission: `${P}:list` } }, async (request) => {
    const caller = requireCaller(request);
    const pid = text(request.query.pid);
    const order = buildOrder(entity, storedParams(request.query, UNSTORED));
    const records = pid ? await selectRecords(ctx, [inTenant(caller.tenantId), sql`parent_id = ${pid}`], order, CHILD_LIMIT) : [];
    return ok(page(records, records.length, 1, CHILD_LIMIT));
  });

  app.get<{ Querystring: { id?: string } }>(`${base}/queryById`, { config: { permission: `${P}:list` } }, async (request) => {
    const caller = requireCaller(request);
    const id = text(request.query.id);
    const [record] = id ? await selectRecords(ctx, [inTenant(caller.tenantId), sql`id = ${id}`], sql`id`, 1) : [];
    if (!record) throw new BusinessError('未找到对应部门');
    return ok(record);
  });

  app.post(`${base}/add`, { config: { permission: `${P}:add` } }, async (request) => {
    const caller = requireCaller(request);
    const record = departValues(ctx, bodyOf(request.body));
    const id = newId();
    const orgCode = await withCodeRetry(() =>
      ctx.db.transaction().execute(async (tx) => {
        const parent = await parentOf(tx, caller, record.parentId);
        const code = await allocateOrgCode(tx, caller.tenantId, parent?.org_code ?? '');
        await tx
          .insertInto('sys_depart')
          .values({ id, parent_id: parent?.id ?? null, org_code: code, tenant_id: caller.tenantId, create_by: caller.username, ...columnsOf(record) })
          .execute();
        return code;
      }),
    );
    return ok({ id, orgCode }, '添加成功！');
  });

  const edit = async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    const body = bodyOf(request.body);
    const id = text(body.id);
    const record = departValues(ctx, body);
    await withCodeRetry(() =>
      ctx.db.transaction().execute(async (tx) => {
        const current = await departInTenant(tx, caller.tenantId, id);
        if (!current) throw new BusinessError('未找到对应部门');
        const parent = await parentOf(tx, caller, record.parentId);
        const values = { ...columnsOf(record), update_by: caller.username, update_time: sql<string>`now()` as unknown as string };
        if ((parent?.id ?? null) === (current.parent_id || null)) {
          await tx.updateTable('sys_depart').set(values).where('id', '=', id).execute();
          return;
        }
        // Moving: never under itself or its own subtree (a cycle); the subtree takes codes under the new parent.
        if (parent && parent.org_code.startsWith(current.org_code)) {
          throw new ValidationError([{ field: 'parentId', message: '上级部门不能是本部门或其下级部门' }]);
        }
        const code = await allocateOrgCode(tx, caller.tenantId, parent?.org_code ?? '');
        await moveSubtree(tx, caller.tenantId, current.org_code, code);
        await tx.updateTable('sys_depart').set({ ...values, parent_id: parent?.id ?? null }).where('id', '=', id).execute();
      }),
    );
    return ok(null, '修改成功!');
  };
  app.put(`${base}/edit`, { config: { permission: `${P}:edit` } }, edit);
  app.post(`${base}/edit`, { config: { permission: `${P}:edit` } }, edit);

  const remove = (ids: (request: FastifyRequest) => string) => async (request: FastifyRequest) => {
    const caller = requireCaller(request);
    await deleteDeparts(ctx, caller, ids(request).split(','), request.query, request.body);
    return ok(null, '删除成功!');
  };
  const oneId = (request: FastifyRequest) => text((request.query as { id?: unknown }).id) || text(bodyOf(request.body).id);
  const manyIds = (request: FastifyRequest) => text((request.query as { ids?: unknown }).ids) || text(bodyOf(request.body).ids);
  app.delete(`${base}/delete`, { config: { permission: `${P}:delete` } }, remove(oneId));
  app.post(`${base}/delete`, { config: { permission: `${P}:delete` } }, remove(oneId));
  app.delete(`${base}/deleteBatch`, { config: { permission: `${P}:delete` } }, remove(manyIds));
  app.post(`${base}/deleteBatch`, { config: { permission: `${P}:delete` } }, remove(manyIds));

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
    const records = await selectRecords(ctx, [inTenant(caller.tenantId), level], sql`depart_order asc, org_code asc`, CHILD_LIMIT);
    const nodes = records.map((record) => {
      const { hasChild, orgCategory_dictText: _text, ...rest } = record;
      const key = String(byCode ? record.orgCode : record.id);
      return { ...rest, parentId: record.parentId || null, key, value: key, title: record.departName, isLeaf: hasChild !== '1', children: null };
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
}

/** Re-codes a subtree (`oldCode` and below) under `newCode`, and the current department of its users. */
async function moveSubtree(tx: DepartDb, tenantId: number, oldCode: string, newCode: string): Promise<void> {
  const inSubtree = sql`tenant_id = ${tenantId} and left(org_code, ${oldCode.length}) = ${oldCode}`;
  await sql`update sys_user u set org_code = ${newCode} || substr(u.org_code, ${oldCode.length + 1})
    where left(u.org_code, ${oldCode.length}) = ${oldCode}
      and exists (select 1 from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
                  where ud.user_id = u.id and d.tenant_id = ${tenantId})`.execute(tx);
  await sql`update sys_depart set org_code = ${newCode} || substr(org_code, ${oldCode.length + 1}) where ${inSubtree}`.execute(tx);
}

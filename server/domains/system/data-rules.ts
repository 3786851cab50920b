/**
 * Data rules of a menu page (sys_permission_data_rule, the menus migration's; applied by server/entity/data-rules.ts).
 * The menu editor's 数据规则 drawer is the stock child-list panel over the engine entity sysPermissionDataRule
 * (/sys/permissionDataRule, one set of rules for the platform). The domain's own:
 * - a rule belongs to a menu page, not a button, and stays on it: an edit keeps the stored page whatever it sends;
 * - its column is one of the page entity's (any identifier when the page is no entity screen) and its condition one
 *   the query side supports; SQL rules (USE_SQL_RULES) are refused, so none can be stored through the API;
 * - a deleted rule leaves the roles it was bound to (sys_role_permission.data_rule_ids);
 * - JeecgBoot's answers: the drawer's list (naming `permissionId`) is that page's rules as an array, an add answers
 *   the new id.
 * JeecgBoot's own endpoints on the menus API (getPermRuleListByPermId, queryPermissionRule, add|edit|delete
 * PermissionRule, guarded by the menu codes) stay routes over the same checks.
 */
import type { Kysely, Selectable } from 'kysely';
import type { FieldError } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import type { SystemTables, SysPermissionDataRuleTable } from '../../db/schema.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import { SUPER_RULES } from '../../entity/query.ts';
import type { EntityRuntime } from '../../entity/registry.ts';
import type { DomainModule, EntityHooks } from '../../entity/hooks.ts';
import { text } from './values.ts';

type Db = Kysely<SystemTables>;
type RuleRow = Selectable<SysPermissionDataRuleTable>;
const NOT_FOUND = '未找到对应数据';

export function ruleToWire(row: RuleRow) {
  return {
    id: row.id,
    permissionId: row.permission_id,
    ruleName: row.rule_name,
    ruleColumn: row.rule_column,
    ruleConditions: row.rule_conditions,
    ruleValue: row.rule_value,
    status: row.status,
    createTime: row.create_time,
    createBy: row.create_by,
    updateTime: row.update_time,
    updateBy: row.update_by,
  };
}

const plain = (value: unknown): string => text(value).replaceAll('*', '');

/** One page's rules, oldest first, optionally narrowed by name and value (JeecgBoot's queryPermissionRule). */
async function listRules(db: Db, permissionId: string, name = '', value = '') {
  const like = (v: string) => `%${v.replace(/[%_\\]/g, '\\$&')}%`;
  const rows = await db
    .selectFrom('sys_permission_data_rule')
    .selectAll()
    .where('permission_id', '=', permissionId)
    .$if(Boolean(name), (qb) => qb.where('rule_name', 'like', like(name)))
    .$if(Boolean(value), (qb) => qb.where('rule_value', 'like', like(value)))
    .orderBy('id')
    .execute();
  return rows.map(ruleToWire);
}

interface Rule {
  permissionId: string;
  ruleColumn: string;
  ruleConditions: string;
}

/** The checks beyond the schema's: a menu page (refused outright otherwise), a known column, a supported condition. */
async function ruleErrors(db: Db, entities: readonly EntityRuntime[], rule: Rule): Promise<FieldError[]> {
  const page = await db.selectFrom('sys_permission').select(['id', 'menu_type']).where('id', '=', rule.permissionId).where('del_flag', '=', 0).executeTakeFirst();
  if (!page || page.menu_type === 2) throw new BusinessError('数据规则只能配置在菜单页面上');
  const errors: FieldError[] = [];
  if (rule.ruleConditions.toUpperCase() === 'USE_SQL_RULES') errors.push({ field: 'ruleConditions', message: '不支持自定义SQL规则' });
  else if (!SUPER_RULES[rule.ruleConditions]) {
    errors.push({ field: 'ruleConditions', message: '条件规则只能是 =、!=、>、>=、<、<=、IN、LIKE、LEFT_LIKE、RIGHT_LIKE' });
  }
  // The page entity's properties and columns; any identifier for a page that is no entity screen.
  const entity = entities.find((e) => `page:${e.schema.name}` === rule.permissionId);
  const allowed = entity
    ? entity.columns.has(rule.ruleColumn) || [...entity.columns.values()].includes(rule.ruleColumn)
    : /^[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(rule.ruleColumn);
  if (rule.ruleColumn && !allowed) errors.push({ field: 'ruleColumn', message: `规则字段“${rule.ruleColumn}”不是该页面的字段` });
  return errors;
}

/** Roles bound to the rules lose them (data_rule_ids is a comma-joined list). */
async function unbindRules(tx: Db, ids: string[]): Promise<void> {
  const gone = new Set(ids);
  const bound = await tx.selectFrom('sys_role_permission').select(['role_id', 'permission_id', 'data_rule_ids']).where('data_rule_ids', 'is not', null).execute();
  for (const row of bound) {
    const before = (row.data_rule_ids ?? '').split(',').filter(Boolean);
    const kept = before.filter((r) => !gone.has(r));
    if (kept.length === before.length) continue;
    await tx
      .updateTable('sys_role_permission')
      .set({ data_rule_ids: kept.length > 0 ? kept.join(',') : null })
      .where('role_id', '=', row.role_id)
      .where('permission_id', '=', row.permission_id)
      .execute();
  }
}

const ruleHooks: EntityHooks = {
  // The drawer lists one page's rules as an array; without a page the engine's page of all rules answers.
  async listAnswer(params, { ctx }) {
    const permissionId = plain(params.permissionId);
    return permissionId ? listRules(ctx.db, permissionId, plain(params.ruleName)) : undefined;
  },
  async checkRecord({ ctx, record, id }) {
    // On an edit the rule stays on its stored page (beforeWrite), so that page is the one checked.
    const stored = id ? await ctx.db.selectFrom('sys_permission_data_rule').select('permission_id').where('id', '=', id).executeTakeFirst() : undefined;
    const permissionId = stored?.permission_id ?? text(record.permissionId);
    return ruleErrors(ctx.db, ctx.entities, { permissionId, ruleColumn: text(record.ruleColumn), ruleConditions: text(record.ruleConditions) });
  },
  beforeWrite({ record, existing }) {
    if (existing) record.permissionId = existing.permissionId;
  },
  async beforeDelete({ tx, rows }) {
    await unbindRules(tx, rows.map((row) => String(row.id)));
  },
  addResult: (id) => id,
  texts: { deleteBatch: '删除成功!' },
};

/** JeecgBoot's own rule endpoints: every field checked here (the entity's schema checks the drawer's writes). */
async function checkedRule(ctx: AppContext, body: Record<string, unknown>) {
  const rule = {
    permissionId: text(body.permissionId),
    ruleName: text(body.ruleName),
    ruleColumn: text(body.ruleColumn),
    ruleConditions: text(body.ruleConditions),
    ruleValue: text(body.ruleValue),
    status: text(body.status) || '1',
  };
  const checked = await ruleErrors(ctx.db, ctx.entities, rule);
  const errors: FieldError[] = [];
  if (!rule.ruleName) errors.push({ field: 'ruleName', message: '请输入规则名称' });
  else if (rule.ruleName.length > 50) errors.push({ field: 'ruleName', message: '规则名称不能超过50个字符' });
  errors.push(...checked);
  if (!rule.ruleColumn) errors.push({ field: 'ruleColumn', message: '请输入规则字段' });
  if (!rule.ruleValue) errors.push({ field: 'ruleValue', message: '请输入规则值' });
  else if (rule.ruleValue.length > 300) errors.push({ field: 'ruleValue', message: '规则值不能超过300个字符' });
  if (rule.status !== '0' && rule.status !== '1') errors.push({ field: 'status', message: '状态只能是有效或无效' });
  if (errors.length > 0) throw new ValidationError(errors);
  return rule;
}

const bodyOf = (body: unknown): Record<string, unknown> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as Record<string, unknown>;
};

export const dataRulesDomain: DomainModule = {
  name: 'system/data-rules',
  hooks: { sysPermissionDataRule: ruleHooks },
  routes(app, ctx, prefix) {
    const base = `${prefix}/sys/permission`;
    const read = { config: { permission: 'system:permission:list' } };
    const write = { config: { permission: 'system:permission:edit' } };
    const query = (request: { query: unknown }) => (request.query ?? {}) as Record<string, unknown>;

    app.get(`${base}/getPermRuleListByPermId`, read, async (request) => ok(await listRules(ctx.db, text(query(request).permissionId))));
    app.get(`${base}/queryPermissionRule`, read, async (request) => {
      const { permissionId, ruleName, ruleValue } = query(request);
      return ok(await listRules(ctx.db, text(permissionId), text(ruleName), text(ruleValue)));
    });

    app.post(`${base}/addPermissionRule`, write, async (request) => {
      const rule = await checkedRule(ctx, bodyOf(request.body));
      const id = newId();
      await ctx.db.insertInto('sys_permission_data_rule').values({
        id, permission_id: rule.permissionId, rule_name: rule.ruleName, rule_column: rule.ruleColumn, rule_conditions: rule.ruleConditions,
        rule_value: rule.ruleValue, status: rule.status, create_by: requireCaller(request).username, update_time: null, update_by: null,
      }).execute();
      return ok(id, '添加成功！');
    });

    const edit = async (request: { body: unknown }, username: string) => {
      const body = bodyOf(request.body);
      const id = text(body.id);
      const current = await ctx.db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) throw new BusinessError(NOT_FOUND);
      // A rule stays on its page: the page comes from the stored row, never from the body.
      const rule = await checkedRule(ctx, { ...ruleToWire(current), ...body, permissionId: current.permission_id });
      await ctx.db.updateTable('sys_permission_data_rule').set({
        rule_name: rule.ruleName, rule_column: rule.ruleColumn, rule_conditions: rule.ruleConditions, rule_value: rule.ruleValue,
        status: rule.status, update_by: username, update_time: new Date().toISOString(),
      }).where('id', '=', id).execute();
      return ok(null, '编辑成功!');
    };
    app.put(`${base}/editPermissionRule`, write, async (request) => edit(request, requireCaller(request).username));
    app.post(`${base}/editPermissionRule`, write, async (request) => edit(request, requireCaller(request).username));

    app.delete(`${base}/deletePermissionRule`, write, async (request) => {
      const ids = [text(query(request).id)].filter(Boolean);
      if (ids.length === 0) throw new BusinessError('请选择要删除的数据规则');
      await ctx.db.transaction().execute(async (tx) => {
        const deleted = await tx.deleteFrom('sys_permission_data_rule').where('id', 'in', ids).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) throw new BusinessError(NOT_FOUND);
        await unbindRules(tx, ids);
      });
      return ok(null, '删除成功!');
    });
  },
};

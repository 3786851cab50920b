/**
 * Data rules of a menu page (sys_permission_data_rule; applied by server/entity/data-rules.ts). A rule names a
 * column of the page's entity and one of the supported conditions; SQL rules (USE_SQL_RULES) are refused here,
 * so none can be stored through the API (the query side ignores any that exist anyway).
 */
import type { FastifyInstance } from 'fastify';
import type { FieldError } from '../../../src/contracts/envelope.ts';
import type { AppContext } from '../../context.ts';
import type { Selectable } from 'kysely';
import type { SysPermissionDataRuleTable } from '../../db/schema.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { requireCaller } from '../../auth/guard.ts';
import { SUPER_RULES } from '../../entity/query.ts';
import { registerRuleEntityRoutes } from './rule-entity-routes.ts';

type RuleRow = Selectable<SysPermissionDataRuleTable>;

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

function bodyOf(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BusinessError('请求数据格式不正确');
  return body as Record<string, unknown>;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

export function registerDataRuleRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  const base = `${prefix}/sys/permission`;
  const read = { permission: 'system:permission:list' };
  const write = { permission: 'system:permission:edit' };

  /** Columns a rule on this page may name: the page entity's properties and columns (any identifier otherwise). */
  const columnAllowed = (permissionId: string, column: string): boolean => {
    const entity = ctx.entities.find((e) => `page:${e.schema.name}` === permissionId);
    if (!entity) return /^[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(column);
    return entity.columns.has(column) || [...entity.columns.values()].includes(column);
  };

  const checkedRule = async (body: Record<string, unknown>) => {
    const rule = {
      permissionId: text(body.permissionId),
      ruleName: text(body.ruleName),
      ruleColumn: text(body.ruleColumn),
      ruleConditions: text(body.ruleConditions),
      ruleValue: text(body.ruleValue),
      status: text(body.status) || '1',
    };
    const errors: FieldError[] = [];
    const page = await ctx.db.selectFrom('sys_permission').select(['id', 'menu_type']).where('id', '=', rule.permissionId).where('del_flag', '=', 0).executeTakeFirst();
    if (!page || page.menu_type === 2) throw new BusinessError('数据规则只能配置在菜单页面上');
    if (!rule.ruleName) errors.push({ field: 'ruleName', message: '请输入规则名称' });
    else if (rule.ruleName.length > 50) errors.push({ field: 'ruleName', message: '规则名称不能超过50个字符' });
    if (rule.ruleConditions.toUpperCase() === 'USE_SQL_RULES') {
      errors.push({ field: 'ruleConditions', message: '不支持自定义SQL规则' });
    } else if (!SUPER_RULES[rule.ruleConditions]) {
      errors.push({ field: 'ruleConditions', message: '条件规则只能是 =、!=、>、>=、<、<=、IN、LIKE、LEFT_LIKE、RIGHT_LIKE' });
    }
    if (!rule.ruleColumn) errors.push({ field: 'ruleColumn', message: '请输入规则字段' });
    else if (!columnAllowed(rule.permissionId, rule.ruleColumn)) errors.push({ field: 'ruleColumn', message: `规则字段“${rule.ruleColumn}”不是该页面的字段` });
    if (!rule.ruleValue) errors.push({ field: 'ruleValue', message: '请输入规则值' });
    else if (rule.ruleValue.length > 300) errors.push({ field: 'ruleValue', message: '规则值不能超过300个字符' });
    if (rule.status !== '0' && rule.status !== '1') errors.push({ field: 'status', message: '状态只能是有效或无效' });
    if (errors.length > 0) throw new ValidationError(errors);
    return rule;
  };

  const listRules = async (permissionId: string, name = '', value = '') => {
    const like = (v: string) => `%${v.replace(/[%_\\]/g, '\\$&')}%`;
    const rows = await ctx.db
      .selectFrom('sys_permission_data_rule')
      .selectAll()
      .where('permission_id', '=', permissionId)
      .$if(Boolean(name), (qb) => qb.where('rule_name', 'like', like(name)))
      .$if(Boolean(value), (qb) => qb.where('rule_value', 'like', like(value)))
      .orderBy('id')
      .execute();
    return rows.map(ruleToWire);
  };
  const oneRule = async (id: string) => {
    const row = await ctx.db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new BusinessError('未找到对应数据');
    return ruleToWire(row);
  };

  app.get(`${base}/getPermRuleListByPermId`, { config: read }, async (request) =>
    ok(await listRules(text((request.query as Record<string, unknown>).permissionId))),
  );

  app.get(`${base}/queryPermissionRule`, { config: read }, async (request) => {
    const query = request.query as Record<string, unknown>;
    return ok(await listRules(text(query.permissionId), text(query.ruleName), text(query.ruleValue)));
  });

  const addRule = async (body: Record<string, unknown>, username: string) => {
    const rule = await checkedRule(body);
    const id = newId();
    await ctx.db
      .insertInto('sys_permission_data_rule')
      .values({
        id,
        permission_id: rule.permissionId,
        rule_name: rule.ruleName,
        rule_column: rule.ruleColumn,
        rule_conditions: rule.ruleConditions,
        rule_value: rule.ruleValue,
        status: rule.status,
        create_by: username,
        update_time: null,
        update_by: null,
      })
      .execute();
    return ok(id, '添加成功！');
  };
  app.post(`${base}/addPermissionRule`, { config: write }, async (request) => addRule(bodyOf(request.body), requireCaller(request).username));

  const edit = async (body: Record<string, unknown>, username: string) => {
    const id = text(body.id);
    const current = await ctx.db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw new BusinessError('未找到对应数据');
    // A rule stays on its page: the page comes from the stored row, never from the body.
    const rule = await checkedRule({ ...ruleToWire(current), ...body, permissionId: current.permission_id });
    await ctx.db
      .updateTable('sys_permission_data_rule')
      .set({
        rule_name: rule.ruleName,
        rule_column: rule.ruleColumn,
        rule_conditions: rule.ruleConditions,
        rule_value: rule.ruleValue,
        status: rule.status,
        update_by: username,
        update_time: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return ok(null, '编辑成功!');
  };
  app.put(`${base}/editPermissionRule`, { config: write }, async (request) => edit(bodyOf(request.body), requireCaller(request).username));
  app.post(`${base}/editPermissionRule`, { config: write }, async (request) => edit(bodyOf(request.body), requireCaller(request).username));

  const removeRules = async (ids: string[]) => {
    if (ids.length === 0 || ids.length > 500) throw new BusinessError('请选择要删除的数据规则');
    await ctx.db.transaction().execute(async (tx) => {
      const deleted = await tx.deleteFrom('sys_permission_data_rule').where('id', 'in', ids).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new BusinessError('未找到对应数据');
      // Roles bound to the rules lose them (data_rule_ids is a comma-joined list).
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
    });
    return ok(null, '删除成功!');
  };
  app.delete(`${base}/deletePermissionRule`, { config: write }, async (request) => removeRules([text((request.query as Record<string, unknown>).id)].filter(Boolean)));

  registerRuleEntityRoutes(app, ctx, prefix, { list: listRules, one: oneRule, add: addRule, edit, remove: removeRules });
}

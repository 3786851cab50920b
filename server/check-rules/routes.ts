/** `GET /sys/checkRule/checkByCode?ruleCode=&value=` (contract §6.2): check a value against a stored code rule. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, ok } from '../core/envelope.ts';
import { checkValue, parseSteps } from './rules.ts';

const MAX_VALUE_LENGTH = 500;

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function registerCheckRuleRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  app.get<{ Querystring: { ruleCode?: string; value?: string } }>(
    `${prefix}/sys/checkRule/checkByCode`,
    { config: { authenticated: true } },
    async (request) => {
      const code = String(request.query.ruleCode ?? '');
      // The client encodes the value once more than the query string needs (JeecgBoot's habit); undo it.
      const value = decoded(String(request.query.value ?? ''));
      if (value.length > MAX_VALUE_LENGTH) return fail(`校验值不能超过${MAX_VALUE_LENGTH}个字符`);
      const rule = await ctx.db.selectFrom('sys_check_rule').select('rule_json').where('rule_code', '=', code).executeTakeFirst();
      if (!rule) return fail('该编码不存在');
      const failure = checkValue(parseSteps(rule.rule_json), value);
      return failure ? fail(failure.message, 500, failure) : ok(null);
    },
  );
}

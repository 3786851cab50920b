/**
 * 税务申报 (freight-domain §1.16; schema schemas/entities/money/hy-tax-declaration.entity.json). The list, edit,
 * export (fixed template, schema export.template) and the state changes 标记已申报 / 登记缴款 / 作废 are the
 * engine's. The domain's own: the toolbar's 生成申报 route (a period typed by staff), drafting from the driver fees
 * paid in it (drafts.ts), which the monthly job (system/jobs/handlers.ts taxDeclarationDraft) runs as well.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../../core/envelope.ts';
import { BusinessError, ValidationError } from '../../../core/errors.ts';
import { requireCaller } from '../../../auth/guard.ts';
import { STAFF_USER_TYPE } from '../../../entity/data-scope.ts';
import type { DomainModule } from '../../../entity/hooks.ts';
import { PERIOD_PATTERN, draftDeclarations, periodBounds } from './drafts.ts';

export const taxDomain: DomainModule = {
  name: 'money/tax',
  routes(app, ctx, prefix) {
    const options = { config: { permission: 'hytax:hyTaxDeclaration:generate' } };
    const handler = async (request: FastifyRequest) => {
      const caller = requireCaller(request);
      if (caller.userType !== STAFF_USER_TYPE) throw new BusinessError('只有平台人员可以生成税务申报');
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const period = typeof body.period === 'string' ? body.period.trim() : '';
      if (!PERIOD_PATTERN.test(period)) throw new ValidationError([{ field: 'period', message: '所属期应为 yyyy-MM，如 2026-10' }]);
      const started = await sql<{ future: boolean }>`select ${periodBounds(period).start}::timestamptz > now() as future`.execute(ctx.db);
      if (started.rows[0]?.future) throw new ValidationError([{ field: 'period', message: '所属期不能晚于本月' }]);
      const result = await draftDeclarations(ctx.db, caller.tenantId, period, caller.username);
      return ok(result, `生成申报成功：新增 ${result.created} 条，重算 ${result.updated} 条，已申报未改动 ${result.kept} 条`);
    };
    // PUT is what the toolbar button sends; POST is JeecgBoot's verb for the same call.
    app.put(`${prefix}/hytax/hyTaxDeclaration/generate`, options, handler);
    app.post(`${prefix}/hytax/hyTaxDeclaration/generate`, options, handler);
  },
};

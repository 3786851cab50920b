/**
 * Tenants: /sys/tenant (issue 5). Departments and department roles are engine entities now, with their domain
 * modules in server/domains/system/ (departs.ts, depart-roles.ts); this area keeps their migrations.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerTenantRoutes } from './tenant-routes.ts';

export function registerDepartsRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  registerTenantRoutes(app, ctx, prefix);
}

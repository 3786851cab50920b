/**
 * Departments and tenants: /sys/sysDepart, /sys/tenant (issue 5).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerDepartAdminRoutes } from './depart-routes.ts';
import { registerDepartLinkRoutes } from './depart-links.ts';
import { registerTenantRoutes } from './tenant-routes.ts';
import { registerDepartRoleRoutes } from './role-routes.ts';
import { registerDepartRoleGrantRoutes } from './role-grant-routes.ts';

export function registerDepartsRoutes(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  registerDepartAdminRoutes(app, ctx, prefix);
  registerDepartLinkRoutes(app, ctx, prefix);
  registerTenantRoutes(app, ctx, prefix);
  registerDepartRoleRoutes(app, ctx, prefix);
  registerDepartRoleGrantRoutes(app, ctx, prefix);
}

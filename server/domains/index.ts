/**
 * Every domain module (hooks on engine entities plus endpoints beyond CRUD), in one list app.ts hands to the
 * engine. Adding a domain: its folder under server/domains/ and one line here.
 */
import type { DomainModule } from '../entity/hooks.ts';
import { rolesDomain } from './system/roles.ts';
import { dictsDomain } from './system/dicts.ts';
import { departsDomain } from './system/departs.ts';
import { departRolesDomain } from './system/depart-roles.ts';
import { usersDomain } from './system/users.ts';
import { announcementsDomain } from './system/announcements.ts';
import { jobsDomain } from './system/jobs.ts';
import { logsDomain } from './system/logs.ts';
import { reportHeadsDomain } from './report/heads.ts';
import { settlementDomain } from './freight/settlement.ts';
import { customerAccountsDomain } from './freight/customer-accounts.ts';
import { customerUsersDomain } from './freight/customer-users.ts';
import { dataRulesDomain } from './system/data-rules.ts';
import { tenantsDomain } from './system/tenants.ts';
import { permissionsDomain } from './system/menus/permissions.ts';
import { settingsDomain } from './system/settings/hy-config.ts';
import { walletsDomain } from './money/wallets/index.ts';
import { fundFlowsDomain } from './money/fund-flows/index.ts';
import { receiptsDomain } from './money/receipts.ts';
import { invoicesDomain } from './money/invoices/domain.ts';
import { etcDomain } from './money/etc.ts';
import { taxDomain } from './money/tax/index.ts';

export const DOMAINS: readonly DomainModule[] = [
  rolesDomain,
  departsDomain,
  departRolesDomain,
  usersDomain,
  dictsDomain,
  announcementsDomain,
  jobsDomain,
  logsDomain,
  reportHeadsDomain,
  settlementDomain,
  customerAccountsDomain,
  customerUsersDomain,
  dataRulesDomain,
  tenantsDomain,
  permissionsDomain,
  settingsDomain,
  walletsDomain,
  fundFlowsDomain,
  receiptsDomain,
  invoicesDomain,
  etcDomain,
  taxDomain,
];

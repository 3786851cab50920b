/** 资金流水 (freight-domain §1.11): paying drivers from a wallet, one waybill (payments.ts) or a batch (batch.ts). */
import type { DomainModule } from '../../../entity/hooks.ts';
import { fundFlowHooks } from './payments.ts';
import { batchPayRoutes } from './batch.ts';

export const fundFlowsDomain: DomainModule = {
  name: 'money/fund-flows',
  hooks: { hyFundFlow: fundFlowHooks },
  routes: batchPayRoutes,
};

/** 资金流水 (freight-domain §1.11): paying drivers from a wallet (payments.ts). */
import type { DomainModule } from '../../../entity/hooks.ts';
import { fundFlowHooks } from './payments.ts';

export const fundFlowsDomain: DomainModule = {
  name: 'money/fund-flows',
  hooks: { hyFundFlow: fundFlowHooks },
};

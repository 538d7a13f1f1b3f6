import type { CustomerScope } from '../../platform/actor.ts';
import { EVERYONE, type CustomerAnswers } from '../../platform/customer-answers.ts';
import type { Executor } from '../../platform/database.ts';
import type { VatRateRow } from '../pricing/vat-rates.ts';
import { energyRepository, type MeteringPointRow } from './energy-repository.ts';

/**
 * The rows most of the dashboard's cards start from: the customer's metering points and the VAT rates. Each card's
 * call asks for them; the calls of one page load come at once, each a request of its own (decision 118).
 */
export type CardReads = {
  meteringPoints: () => Promise<MeteringPointRow[]>;
  vatRates: () => Promise<VatRateRow[]>;
};

/** Read each time they are asked for: in a transaction, a job, or a test of one card. */
export const directReads = (executor: Executor, scope: CustomerScope): CardReads => ({
  meteringPoints: () => energyRepository.meteringPoints(executor, scope),
  vatRates: () => energyRepository.vatRates(executor),
});

/**
 * Kept by this copy with the customer's answers (platform/customer-answers.ts), dropped when the database says they
 * changed (metering_point and supply_object name the customer, vat_rate everyone: migrations 0015 and 0028): a
 * dashboard load reads them once instead of once per card. For a read call's own database, never a transaction.
 */
export const keptReads = (answers: Pick<CustomerAnswers, 'read'>, executor: Executor, scope: CustomerScope): CardReads => {
  const direct = directReads(executor, scope);
  return {
    meteringPoints: () =>
      answers.read(['metering-points', scope.siteId, scope.customerId].join('\u0000'), scope.customerId, direct.meteringPoints),
    vatRates: () => answers.read('vat-rates', EVERYONE, direct.vatRates),
  };
};

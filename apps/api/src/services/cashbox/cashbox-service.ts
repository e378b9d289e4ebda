import type { Db } from '@playhouse/db';
import { WITHDRAWAL_DETAIL_FIELDS, type CashboxResponse } from '@playhouse/shared';
import { localize, type LocaleContext } from '../../lib/localize';
import { asCurrency, formatAmount } from '../../lib/amounts';
import type { LimitsService } from '../protection/limits-service';
import { listMethodOffers } from './method-queries';

export type CashboxService = ReturnType<typeof createCashboxService>;

/** What the cashbox page shows: the methods in the player's currency with their bounds, and the deposit limits. */
export function createCashboxService({ db, limits }: { db: Db; limits: Pick<LimitsService, 'depositUsage'> }) {
  return {
    async overview(user: { id: number; currency: string }, context: LocaleContext): Promise<CashboxResponse> {
      const currency = asCurrency(user.currency);
      const [deposits, payouts, usage] = await Promise.all([
        listMethodOffers(db, currency, 'deposit'),
        listMethodOffers(db, currency, 'withdrawal'),
        limits.depositUsage(user),
      ]);
      const common = (offer: (typeof deposits)[number]) => ({
        code: offer.code,
        name: localize(offer.name, context),
        kind: offer.kind,
        logo: offer.logo,
        min: formatAmount(offer.minAmount, currency),
        max: formatAmount(offer.maxAmount, currency),
      });
      return {
        currency,
        methods: deposits.map((offer) => ({
          ...common(offer),
          presets: offer.presets.map((preset) => formatAmount(preset, currency)),
        })),
        withdrawalMethods: payouts.map((offer) => ({
          ...common(offer),
          detailFields: [...WITHDRAWAL_DETAIL_FIELDS[offer.kind]],
        })),
        limits: usage,
      };
    },
  };
}

'use client';

import type { FundingBonus } from '@playhouse/shared/contracts/funding';
import { useLocale } from 'next-intl';
import { useCampaignText } from '@/components/bonuses/use-bonus-texts';
import { campaignFallbackName } from '@/lib/bonuses/bonus-text';

/** The running bonus's name as the bonus screens show it. */
export function useBonusName() {
  const text = useCampaignText();
  const locale = useLocale();
  return (rules: FundingBonus) =>
    text(
      rules.nameKey,
      { wager: 0, amount: '', quantity: 0, currencyCode: '', gameTitle: '', providerTitle: '' },
      campaignFallbackName(rules, locale),
    );
}

'use client';

import type { BonusOffer } from '@playhouse/shared/contracts/bonuses';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { bonusMessageKey, bonusTextValues, campaignFallbackName } from '@/lib/bonuses/bonus-text';

/** A campaign's text by its message key, or its fallback when the catalogue has no such key. */
export function useCampaignText() {
  const t = useTranslations('bonuses');
  return (key: string, values: Record<string, string | number>, fallback: string): string => {
    const messageKey = bonusMessageKey(key);
    return t.has(messageKey) ? t(messageKey, values) : fallback;
  };
}

/** The offer's name and notice with every placeholder filled in. */
export function useOfferTexts(offer: BonusOffer, pickedAmount?: string | null) {
  const locale = useLocale() as Locale;
  const text = useCampaignText();
  const values = bonusTextValues(offer, locale, pickedAmount);
  return {
    values,
    name: text(offer.bonus.nameKey, values, campaignFallbackName(offer.bonus, locale)),
    notice: text(offer.bonus.noticeTextKey, values, ''),
  };
}

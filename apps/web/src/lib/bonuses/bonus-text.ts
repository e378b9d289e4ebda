import type { BonusOffer } from '@playhouse/shared/contracts/bonuses';
import type { Locale } from '@playhouse/shared/locales';
import { LOCALE_TAGS } from '@playhouse/shared/locales';
import { formatMoney } from '@/lib/account/money-format';

/** "sweet bonanza" → "Sweet bonanza": SPEC.md §2 shows game and provider titles with a capital first letter. */
export function capitalizeFirst(text: string, locale: Locale): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const letter = String.fromCodePoint(first);
  return `${letter.toLocaleUpperCase(LOCALE_TAGS[locale])}${text.slice(letter.length)}`;
}

export type BonusTextValues = {
  wager: number;
  amount: string;
  quantity: number;
  currencyCode: string;
  gameTitle: string;
  providerTitle: string;
};

/**
 * The values of the placeholders a bonus text may use ({wager} {amount} {quantity} {currencyCode} {gameTitle}
 * {providerTitle}). Every text gets all of them, so an operator may word each campaign as they like. The amount is
 * the one fixed so far: the picked coin, else the offer's amount, else empty (coins before the pick).
 */
export function bonusTextValues(offer: BonusOffer, locale: Locale, pickedAmount?: string | null): BonusTextValues {
  const game = offer.bonus.firstFreeSpinGame;
  const amount = pickedAmount ?? offer.pickedAmount ?? offer.amount;
  return {
    wager: offer.wager,
    amount: amount === null ? '' : formatMoney(amount, offer.currencyCode, locale),
    quantity: offer.quantity ?? 0,
    currencyCode: offer.currencyCode,
    gameTitle: game ? capitalizeFirst(game.title, locale) : '',
    providerTitle: game ? capitalizeFirst(game.producer.title, locale) : '',
  };
}

/** Message keys from the api are keys of the "bonuses" namespace; a key given with the namespace in front also works. */
export function bonusMessageKey(key: string): string {
  return key.startsWith('bonuses.') ? key.slice('bonuses.'.length) : key;
}

/** The coins template needs both the template and coins to show (SPEC.md §2); anything else is the standard one. */
export function usesCoinsTemplate(offer: BonusOffer): boolean {
  return offer.template === 'coins' && offer.items.length > 0;
}

/** A campaign's name when the `bonuses` messages have none: the name staff gave it in the locale, in English, or its slug. */
export function campaignFallbackName(
  campaign: { slug: string; names?: Record<string, string> | undefined },
  locale: string,
) {
  return campaign.names?.[locale] || campaign.names?.en || campaign.slug;
}

import type { FundingBonus, FundingRefusal, StakePreview } from '@playhouse/shared/contracts/funding';
import { formatMinor, parseDecimal, type Currency } from '@playhouse/shared/money';

/** How a stake, or a whole slip, would be paid: what the screens show before it is confirmed. */
export interface FundingView {
  cash: string;
  bonus: string;
  freeSpin: string;
  /** The first refusal the placement would meet (the slip stops there); null when everything would be taken. */
  refusal: FundingRefusal | null;
  /** The running bonus's rules, with what the funded stakes would count towards its wagering together. */
  rules: FundingBonus | null;
}

/**
 * The previews of a slip's bets as one: the parts of the bets that would be taken added up, the first refusal, and
 * the bonus's rules counting every taken bet. Amounts stay the api's decimal strings, added in minor units.
 */
export function slipFunding(previews: StakePreview[], currency: Currency): FundingView {
  const minor = (text: string | undefined) => (text === undefined ? 0n : (parseDecimal(text, currency) ?? 0n));
  let cash = 0n;
  let bonus = 0n;
  let freeSpin = 0n;
  let counts = 0n;
  for (const preview of previews) {
    if (!preview.funding) continue;
    cash += minor(preview.funding.cash);
    bonus += minor(preview.funding.bonus);
    freeSpin += minor(preview.funding.freeSpin);
    counts += minor(preview.bonus?.counts);
  }
  const rules = previews.find((preview) => preview.bonus)?.bonus ?? null;
  return {
    cash: formatMinor(cash, currency),
    bonus: formatMinor(bonus, currency),
    freeSpin: formatMinor(freeSpin, currency),
    refusal: previews.find((preview) => preview.refusal)?.refusal ?? null,
    rules: rules ? { ...rules, counts: formatMinor(counts, currency) } : null,
  };
}

/** One stake's preview as the screens show it. */
export function stakeFunding(preview: StakePreview): FundingView {
  return {
    cash: preview.funding?.cash ?? '0.00',
    bonus: preview.funding?.bonus ?? '0.00',
    freeSpin: preview.funding?.freeSpin ?? '0.00',
    refusal: preview.refusal,
    rules: preview.bonus,
  };
}

/** Whether a decimal string from the api is above zero. */
export const isPositive = (amount: string) => !amount.trim().startsWith('-') && /[1-9]/.test(amount);

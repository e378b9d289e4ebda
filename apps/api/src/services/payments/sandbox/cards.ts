import { SANDBOX_TEST_CARDS } from '@playhouse/shared';

export type CardOutcome = (typeof SANDBOX_TEST_CARDS)[number]['outcome'];

export function digitsOnly(cardNumber: string): string {
  return cardNumber.replace(/\s+/g, '');
}

/** The Luhn checksum every real card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY is still valid through the last day of that month (UTC). */
export function expiryValid(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return now.getTime() < Date.UTC(year, month, 1);
}

/** What the sandbox does with a card: the test cards have fixed outcomes, any other card is declined. */
export function cardOutcome(digits: string): { outcome: CardOutcome; declineReason: string | null } {
  const card = SANDBOX_TEST_CARDS.find((candidate) => candidate.number === digits);
  if (!card) return { outcome: 'declined', declineReason: 'card_not_supported' };
  return { outcome: card.outcome, declineReason: card.outcome === 'declined' ? 'card_declined' : null };
}

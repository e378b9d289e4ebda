/**
 * Who a person is, as far as finding their other accounts goes (self-exclusion across accounts): the e-mail address
 * as the mailbox sees it, the phone number (E.164, as stored), and the full name with the date of birth.
 */
export interface PersonIdentity {
  email: string;
  /** E.164, as registration stores it; null when unknown. */
  phone: string | null;
  fullName: string | null;
  /** YYYY-MM-DD; null when unknown. */
  dateOfBirth: string | null;
}

/** Providers that deliver mail whatever the dots in the local part (Gmail; googlemail.com is the same mailbox). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The address as the mailbox sees it: lower case, the `+tag` dropped, and for Gmail the dots dropped and
 * googlemail.com read as gmail.com. The database computes the same for `users.email_key` (packages/db accounts.ts),
 * reading the parts before and after the first `@` as split_part does; a test holds the two together.
 */
export function emailKey(email: string): string {
  const parts = email.toLowerCase().split('@');
  const local = (parts[0] ?? '').split('+')[0] ?? '';
  const domain = parts[1] ?? '';
  return DOTLESS_DOMAINS.has(domain) ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}

/**
 * A full name as one person writes it in several ways: accents dropped, letters only, lower case, the words sorted
 * ("Lovelace,  Ada" and "ada LOVELACE" agree). Null when nothing of a name is left.
 */
export function nameKey(fullName: string | null | undefined): string | null {
  if (!fullName) return null;
  const words = fullName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .sort();
  return words.length > 0 ? words.join(' ') : null;
}

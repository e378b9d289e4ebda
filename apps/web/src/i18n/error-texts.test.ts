// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ERROR_CODES,
  CASHBOX_ERROR_CODES,
  CASINO_ERROR_CODES,
  ERROR_CODES,
  PROMO_CODE_ERROR_CODES,
  SPORTS_ERROR_CODES,
  TABLE_ERROR_CODES,
} from '@playhouse/shared';
import { LOCALES } from '@playhouse/shared/locales';
import { seededMessages } from '@/test/messages';

/** Codes only a provider, a payment service or a feed ever receives: no player reads them. */
const SERVER_TO_SERVER = new Set([
  'webhook_signature_invalid',
  'invalid_signature',
  'signature_expired',
  'feed_token_invalid',
]);

/** What a player's call can answer: the forms, the cashbox, the game host and the bet slip show these texts. */
const PLAYER_FACING = [
  ...ERROR_CODES,
  ...ACCOUNT_ERROR_CODES,
  ...CASHBOX_ERROR_CODES,
  ...CASINO_ERROR_CODES,
  ...TABLE_ERROR_CODES,
  ...SPORTS_ERROR_CODES,
  // The promo-code form on the bonus page answers with the main error texts.
  ...PROMO_CODE_ERROR_CODES,
  'bonuses_not_allowed',
  // The one bonus refusal that comes from a bet (a casino round or a sports stake), not from the bonus screens.
  'bonus_max_bet_exceeded',
].filter((code) => !SERVER_TO_SERVER.has(code));

describe('error texts', () => {
  it.each(LOCALES)('%s has a text in the errors namespace for every code a player can meet', (locale) => {
    const errors = seededMessages(locale).errors as Record<string, string>;
    expect(PLAYER_FACING.filter((code) => !errors[code])).toEqual([]);
  });
});

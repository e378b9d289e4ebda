import { ACCOUNT_ERROR_CODES } from './contracts/accounts';
import { BONUS_ERROR_CODES } from './contracts/bonuses';
import { CASHBOX_ERROR_CODES } from './contracts/cashbox';
import { CASINO_ADMIN_ERROR_CODES } from './contracts/casino-admin';
import { CASINO_ERROR_CODES } from './contracts/casino';
import { WALLET_ERROR_CODES } from './contracts/casino-wallet';
import { CHAT_ERROR_CODES } from './contracts/chat';
import { IN_PLAY_ERROR_CODES } from './contracts/in-play';
import { PROMO_CODE_ERROR_CODES } from './contracts/marketing';
import { PROTECTION_ERROR_CODES } from './contracts/protection';
import { SPORTS_ERROR_CODES } from './contracts/sports';
import { STAFF_ERROR_CODES } from './contracts/staff';
import { TABLE_ERROR_CODES } from './contracts/tables';
import { TRADING_ERROR_CODES } from './contracts/trading';
import { ERROR_CODES } from './errors';

/** Codes of the back office's own refusals: staff read the api's message with them. */
export const BACK_OFFICE_ERROR_CODES = [
  'campaign_ended',
  'campaign_not_live',
  'campaign_slug_taken',
  'promo_code_taken',
  'content_conflict',
  'default_metadata_required',
  'invalid_message',
  'invalid_preview_values',
  'player_status_unchanged',
  'player_tag_unchanged',
  'message_arguments_unknown',
  'default_text_required',
  'locale_exists',
  'locale_disabled',
  'fresh_second_factor_required',
  'secret_not_rotatable',
] as const;

/** Codes of failures no caller can mend: answered as 5xx (or to a game frame), never shown as a player's fault. */
export const SERVER_ERROR_CODES = [
  'service_unavailable',
  'secret_store_unavailable',
  'unbalanced_transfer',
  'launch_invalid',
  'seed_rotated',
  'receipt_key_from_environment',
] as const;

/** Every code the api answers with, in the standard envelope: the type of AppError's code. */
export const API_ERROR_CODES = [
  ...ERROR_CODES,
  ...ACCOUNT_ERROR_CODES,
  ...BONUS_ERROR_CODES,
  ...CASHBOX_ERROR_CODES,
  ...CASINO_ADMIN_ERROR_CODES,
  ...CASINO_ERROR_CODES,
  ...WALLET_ERROR_CODES,
  ...CHAT_ERROR_CODES,
  ...PROMO_CODE_ERROR_CODES,
  ...PROTECTION_ERROR_CODES,
  ...SPORTS_ERROR_CODES,
  ...STAFF_ERROR_CODES,
  ...TABLE_ERROR_CODES,
  ...TRADING_ERROR_CODES,
  ...IN_PLAY_ERROR_CODES,
  ...BACK_OFFICE_ERROR_CODES,
  ...SERVER_ERROR_CODES,
  'bonuses_not_allowed',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && (API_ERROR_CODES as readonly string[]).includes(value);
}

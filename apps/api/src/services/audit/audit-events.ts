import { RESTRICTION_KINDS, type WITHDRAWAL_STATUSES, type StaffRequestKind } from '@playhouse/shared';

/**
 * Every event the audit log records, by who acts: the account holder, the protection rules, or a staff member
 * (`staff_…`). A writer names one of these; a new kind of event is added here first.
 */
export const ACCOUNT_EVENTS = [
  'login',
  'login_failed',
  'logout',
  'register',
  'register_failed',
  'register_refused',
  'deposit_refused',
  'password_change',
  'password_change_failed',
  'password_reset',
  'password_recovery_requested',
] as const;

export const PROTECTION_EVENTS = [
  'limit_change',
  'limit_confirmed',
  'document_uploaded',
  'document_viewed',
  'document_verified',
  'document_rejected',
  'restriction_return_requested',
  ...RESTRICTION_KINDS.map((kind) => `restriction_${kind}` as const),
] as const;

/** What a staff member looked at (personal data is read under audit). */
export const STAFF_VIEWS = [
  'adjustments',
  'bonuses',
  'chat_conversation',
  'documents',
  'harm_flags',
  'ledger',
  'outbox',
  'payment',
  'payments',
  'player_balances',
  'player_bets',
  'player_bonuses',
  'player_ledger',
  'player_payments',
  'player_rounds',
  'player_withdrawals',
  'player_notes',
  'player_profile',
  'player_protection',
  'player_sessions',
  'players',
  'withdrawal',
  'withdrawals',
] as const;
export type StaffView = (typeof STAFF_VIEWS)[number];

/** Staff actions named once, whatever area they belong to. */
export const STAFF_ACTIONS = [
  'balance_adjustment',
  'bonus_expiry_sweep',
  'campaign_create',
  'campaign_update',
  'campaign_publish',
  'campaign_end',
  'campaign_pause',
  'campaign_resume',
  'casino_rotate_provider_secret',
  'chat_close',
  'chat_reply',
  'content_info_popup_withdraw',
  'content_locale_add',
  'content_locale_default',
  'content_locale_odd_type',
  'content_translation_delete',
  'content_translation_update',
  'create_staff',
  'create_user',
  'harm_check',
  'harm_flag_review',
  'invitation_accepted',
  'invitation_sent',
  'media_upload',
  'media_upload_existing',
  'promo_code_approve',
  'promo_code_create',
  'player_blocked',
  'player_note_added',
  'player_sessions_ended',
  'player_tag_added',
  'player_tag_removed',
  'player_unblocked',
  'psp_settle',
  'publish_info_popup',
  'receipt_key_rotated',
  'receipt_verified',
  'second_factor',
  'second_factor_failed',
  'set_adjustment_threshold',
  'set_campaign_limits',
  'roles_changed',
  'blocked',
  'unblocked',
  'totp_enabled',
  'totp_reset',
] as const;

/** The back office's casino changes (staff_casino_…). */
export const CASINO_ACTIONS = [
  'game_categories',
  'order_category',
  'update_category',
  'update_game',
  'update_provider',
] as const;
/** The traders' changes (staff_trading_…). */
export const TRADING_ACTIONS = [
  'suspend_market',
  'resume_market',
  'suspend_match',
  'resume_match',
  'result_market',
  'void_market',
  'cash_out_sport',
  'cash_out_match',
  'set_bet_delay',
] as const;
/** The content editors' kinds of content (staff_content_<kind>_<create|update|delete>). */
export const CONTENT_KINDS = ['article', 'bonus_info', 'page_metadata', 'slide'] as const;
export type CasinoAction = (typeof CASINO_ACTIONS)[number];
export type TradingAction = (typeof TRADING_ACTIONS)[number];
export type ContentKind = (typeof CONTENT_KINDS)[number];

export type AccountEvent = (typeof ACCOUNT_EVENTS)[number];
export type ProtectionEvent = (typeof PROTECTION_EVENTS)[number];
export type StaffAction = (typeof STAFF_ACTIONS)[number];
export type StaffEvent =
  | `staff_${StaffAction}`
  | `staff_casino_${CasinoAction}`
  | `staff_withdrawal_${(typeof WITHDRAWAL_STATUSES)[number]}`
  | `staff_trading_${TradingAction}`
  | `staff_content_${ContentKind}_${'create' | 'update' | 'delete'}`
  | `staff_view_${StaffView}`
  | `staff_request_${StaffRequestKind}`
  | `staff_approve_${StaffRequestKind}`
  | `staff_reject_${StaffRequestKind}`;

export type AuditEvent = AccountEvent | ProtectionEvent | StaffEvent;

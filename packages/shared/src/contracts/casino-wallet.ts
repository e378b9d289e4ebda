import { z } from 'zod';
import { positiveAmountSchema } from './amount';
import { GAME_MODES, providerCurrencySchema, slugSchema } from './casino';

// A module apart from the casino contracts: the browser loads those to parse its answers and never needs these
// server-to-server calls (their schemas took a part of each load's evaluation, on the game page twice: the page and
// its game frame).

// Seamless wallet: the calls a game provider makes to move the player's money (documented in the OpenAPI document).

export const providerParamsSchema = z.object({ provider: slugSchema });
export const providerSignatureHeadersSchema = z.object({
  'x-provider-timestamp': z
    .string()
    .regex(/^\d{1,12}$/)
    .meta({
      description:
        'When the call was signed, in whole seconds since 1970-01-01 UTC; a call signed more than 5 minutes ' +
        "before or after the wallet's clock is refused (401 signature_expired)",
    }),
  'x-provider-signature': z
    .string()
    .regex(/^[0-9a-f]{64}$/i)
    .meta({
      description:
        'Hex HMAC-SHA256, with the provider secret, of the timestamp header, a full stop and the raw request body ' +
        '(`${timestamp}.${body}`)',
    }),
});

const transactionIdSchema = z.string().min(1).max(100);
const gameSessionIdSchema = z
  .string()
  .min(16)
  .max(100)
  .meta({
    description:
      'The game session authenticate answered: it belongs to one player, one game and one provider, and ends with ' +
      "the player's site session (logout, password change or reset, sessions ended, expiry)",
  });

export const walletAuthenticateBodySchema = z
  .object({ token: z.string().min(16).max(200) })
  .meta({ id: 'WalletAuthenticateRequest' });
export const walletBalanceBodySchema = z
  .object({ sessionId: gameSessionIdSchema, playerId: z.string().min(1).max(40), currency: providerCurrencySchema })
  .meta({ id: 'WalletBalanceRequest' });
export const walletBetBodySchema = z
  .object({
    sessionId: gameSessionIdSchema,
    transactionId: transactionIdSchema,
    roundId: z.string().min(1).max(100),
    playerId: z.string().min(1).max(40),
    gameId: slugSchema.meta({ description: "The game's slug" }),
    amount: positiveAmountSchema,
    currency: providerCurrencySchema,
  })
  .meta({ id: 'WalletBetRequest' });
export const walletWinBodySchema = walletBetBodySchema
  .extend({
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a decimal amount with at most two decimals')
      .meta({ description: 'May be "0.00" to close a losing round' }),
  })
  .meta({ id: 'WalletWinRequest' });
export const walletRollbackBodySchema = z
  .object({
    sessionId: gameSessionIdSchema,
    transactionId: transactionIdSchema,
    /** The bet this cancels; it may not have arrived yet. */
    referenceTransactionId: transactionIdSchema,
    roundId: z.string().min(1).max(100),
    playerId: z.string().min(1).max(40),
    gameId: slugSchema,
  })
  .meta({ id: 'WalletRollbackRequest' });

/**
 * Business refusals are answered with HTTP 200 and status "error", with the current balance, so the provider can
 * show it; a malformed or unsigned call is an HTTP 4xx in the common error envelope.
 */
export const WALLET_ERROR_CODES = [
  'insufficient_funds',
  'player_not_found',
  'game_not_found',
  'currency_mismatch',
  'transaction_rolled_back',
  'transaction_conflict',
  'token_invalid',
  'bonus_max_bet_exceeded',
  'session_invalid',
  'bet_not_found',
  'round_closed',
  'round_mismatch',
  'win_limit_exceeded',
  'player_protection',
] as const;
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number];

export const walletOkSchema = z
  .object({
    status: z.literal('ok'),
    balance: z.string(),
    currency: providerCurrencySchema,
    transactionId: z.string().optional(),
  })
  .meta({ id: 'WalletOk' });
export const walletErrorSchema = z
  .object({
    status: z.literal('error'),
    code: z.enum(WALLET_ERROR_CODES),
    message: z.string(),
    balance: z.string().optional(),
    currency: providerCurrencySchema.optional(),
    /** player_protection: the operator's own refusal (a limit, a time-out, a due reality check) for the player. */
    detail: z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() }).optional(),
  })
  .meta({ id: 'WalletError' });
export const walletResponseSchema = z.union([walletOkSchema, walletErrorSchema]);
export type WalletResponse = z.infer<typeof walletResponseSchema>;

export const walletAuthenticateResponseSchema = z.union([
  z
    .object({
      status: z.literal('ok'),
      mode: z.enum(GAME_MODES),
      /** Null in demo mode: demo play never reaches the wallet. */
      playerId: z.string().nullable(),
      /** The game session every later call names; null in demo mode. */
      sessionId: z.string().nullable(),
      currency: providerCurrencySchema,
      /** Null in demo mode. */
      balance: z.string().nullable(),
      gameId: z.string(),
      locale: z.string(),
    })
    .meta({ id: 'WalletAuthenticateOk' }),
  walletErrorSchema,
]);
export type WalletAuthenticateResponse = z.infer<typeof walletAuthenticateResponseSchema>;

import type {
  ContextConfigDefault,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  providerParamsSchema,
  providerSignatureHeadersSchema,
  walletAuthenticateBodySchema,
  walletAuthenticateResponseSchema,
  walletBalanceBodySchema,
  walletBetBodySchema,
  walletResponseSchema,
  walletRollbackBodySchema,
  walletWinBodySchema,
  type WalletResponse,
} from '@playhouse/shared';
import { BadRequestError, RateLimitError } from '../../../lib/errors';
import { createWindowCounter } from '../../../lib/window-counter';
import { answerNoStore } from '../../../lib/route-hooks';
import { errorResponses } from '../../../lib/route-schemas';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received: what the provider's signature covers. */
    rawBody?: string;
  }
}

const SIGNING =
  'Signed: X-Provider-Timestamp is the time of signing in whole seconds since the epoch, and X-Provider-Signature ' +
  'the hex HMAC-SHA256 of `${timestamp}.${raw body}` with the secret PROVIDER_SECRET_<SLUG> the operator shares ' +
  'with the provider. An unsigned or wrongly signed call is refused with 401 invalid_signature, one signed more than ' +
  '5 minutes away from the wallet clock with 401 signature_expired; either changes nothing.';
const IDEMPOTENT =
  'Idempotent by (provider, transactionId): a repeat is answered with the first response; the same id with a ' +
  'different request is answered with status "error", code transaction_conflict. Refusals (insufficient_funds with ' +
  'the current balance, transaction_rolled_back, player_not_found, currency_mismatch, game_not_found, ' +
  'session_invalid, bet_not_found, round_closed, round_mismatch, win_limit_exceeded) are HTTP 200 with status ' +
  '"error"; a refused bet is kept (its repeats are refused alike), a refused win or rollback is judged again when ' +
  'repeated.';
const SESSIONS =
  'Every call but authenticate names the game session authenticate opened (sessionId): one player, one game, one ' +
  "provider. It ends with the player's site session (logout, password change or reset, sessions ended, expiry) and " +
  'after 12 hours at the latest; bets and balance need it alive, while the win or rollback of a bet it already ' +
  'placed is still accepted after it ended.';

/**
 * The seamless wallet (per provider): the calls a game provider's server makes to read and move the player's money.
 * The per-address limit of the site does not apply (a provider's servers are few addresses calling a lot); instead a
 * provider has a ceiling of signed calls a minute, and calls failing their signature are limited per provider and
 * address, refused before the signature is even computed once over it: an unsigned flood cannot spend the
 * provider's ceiling, and costs no database read either way.
 */
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { providerCallsPerMinute, providerBadCallsPerMinute } = app.services.providerCallLimits;
  const signedCalls = createWindowCounter({ max: providerCallsPerMinute, windowMs: 60_000 });
  const badCalls = createWindowCounter({ max: providerBadCallsPerMinute, windowMs: 60_000 });
  // The signature covers the exact bytes sent, so the body is kept as text beside its parsed form.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new BadRequestError('The body is not valid JSON.'), undefined);
    }
  });
  // Checked before the body's schema, so an unsigned caller learns nothing about what a valid call looks like.
  app.addHook('preValidation', async (request, reply) => {
    const params = providerParamsSchema.safeParse(request.params);
    // A malformed provider name is the params schema's 400, which comes next.
    if (!params.success) return;
    const { provider } = params.data;
    const refuse = (seconds: number) => {
      reply.header('retry-after', String(seconds));
      return new RateLimitError(seconds);
    };
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const badKey = `${provider}|${request.clientAddress}`;
    const blocked = badCalls.blockedFor(badKey);
    if (blocked !== null) throw refuse(blocked);
    try {
      await app.services.providerWallet.verify(provider, {
        rawBody: request.rawBody ?? '',
        timestamp: header('x-provider-timestamp'),
        signature: header('x-provider-signature'),
      });
    } catch (error) {
      badCalls.hit(badKey);
      throw error;
    }
    const over = signedCalls.hit(provider);
    if (over !== null) throw refuse(over);
  });
  answerNoStore(app);

  // Generic in the schemas, so each handler's request.body has its own schema's type.
  const routeOptions = <Body extends z.ZodType, Response extends z.ZodType>(
    operationId: string,
    summary: string,
    body: Body,
    response: Response,
  ) => ({
    config: { rateLimit: false as const, signedCaller: true },
    schema: {
      operationId,
      tags: ['seamless wallet'],
      summary,
      description: `${SIGNING} ${SESSIONS} ${IDEMPOTENT}`,
      params: providerParamsSchema,
      headers: providerSignatureHeadersSchema,
      body,
      response: { 200: response, ...errorResponses(400, 401, 404) },
    },
  });

  app.post(
    '/:provider/authenticate',
    routeOptions(
      'walletAuthenticate',
      'Exchanges the one-time launch token (from the game URL) for the player, the game session, currency, balance and mode',
      walletAuthenticateBodySchema,
      walletAuthenticateResponseSchema,
    ),
    async (request) => {
      // POST /spa/providers/{provider}/authenticate - a launch token, once
      const { body } = request;
      return app.services.providerWallet.authenticate(request.params.provider, body.token);
    },
  );

  /**
   * A call on the player's money: the path is the service's method, the answer a wallet response whether the call
   * went through or was refused (status "error").
   */
  const moneyCall = <Body extends z.ZodType>(
    path: 'balance' | 'bet' | 'win' | 'rollback',
    operationId: string,
    summary: string,
    body: Body,
    handler: RouteHandlerMethod<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      { Params: z.output<typeof providerParamsSchema>; Body: z.output<Body>; Reply: WalletResponse },
      ContextConfigDefault,
      FastifySchema,
      ZodTypeProvider
    >,
  ) => app.post(`/:provider/${path}`, routeOptions(operationId, summary, body, walletResponseSchema), handler);

  // POST /spa/providers/{provider}/balance - what the game shows
  moneyCall(
    'balance',
    'walletBalance',
    "The player's playable balance (main plus bonus), while the game session lives",
    walletBalanceBodySchema,
    async (request) => app.services.providerWallet.balance(request.params.provider, request.body),
  );

  // POST /spa/providers/{provider}/bet - a stake
  moneyCall(
    'bet',
    'walletBet',
    'Debits a bet, main money first, in a live game session; refused when a rollback for this transaction id came ' +
      'first, when the round already has its win, or when the round belongs to another session',
    walletBetBodySchema,
    async (request) => app.services.providerWallet.bet(request.params.provider, request.body),
  );

  // POST /spa/providers/{provider}/win - a payout
  moneyCall(
    'win',
    'walletWin',
    'Credits a win ("0.00" closes a lost round): only against an accepted bet of the same round and game session, ' +
      "and only while the round's wins stay within the game's multiple of its stakes and the currency's ceiling",
    walletWinBodySchema,
    async (request) => app.services.providerWallet.win(request.params.provider, request.body),
  );

  // POST /spa/providers/{provider}/rollback - cancels a bet
  moneyCall(
    'rollback',
    'walletRollback',
    'Returns a bet to the player; arriving before its bet, it makes the bet be refused when it comes; refused once ' +
      'the round has its win',
    walletRollbackBodySchema,
    async (request) => app.services.providerWallet.rollback(request.params.provider, request.body),
  );
};

export default walletRoutes;

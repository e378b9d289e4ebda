import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeHeadersSchema, promoCodeRedeemBodySchema, promoCodeRedeemResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';
import { BonusesPausedError } from '../../../services/bonuses/bonus-errors';

/**
 * /spa/users/promocodes (SPEC §7; the form is /spa/forms/affiliate-promocode): a player redeems a promo code and is
 * offered its campaign's bonus, once. Unknown, expired, used-up and already used codes are 4xx; attempts are rate
 * limited per player.
 */
const promoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/promocodes',
    {
      preHandler: app.requireUser,
      config: { localized: true },
      schema: {
        operationId: 'redeemPromoCode',
        tags: ['bonuses'],
        summary:
          "Redeems a promo code: its campaign's bonus is offered to the player (to accept or reject), once per player",
        headers: localeHeadersSchema,
        body: promoCodeRedeemBodySchema,
        response: { 201: promoCodeRedeemResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      // POST /spa/users/promocodes - redeem a promo code
      reply.header('cache-control', 'no-store');
      const user = signedInUser(request);
      if (!(await app.services.protection.guard.bonusesAllowed(app.db, user.id))) throw new BonusesPausedError();
      const redeemed = await app.services.bonuses.redeemPromoCode(
        user,
        request.body.code,
        request.localeContext.locale,
      );
      return reply.code(201).send(redeemed);
    },
  );
};

export default promoCodeRoutes;

import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import articlesRoutes from './articles/index';
import authRoutes from './auth/index';
import bonusInfosRoutes from './bonus-infos/index';
import captchaRoutes from './captcha/index';
import cashboxRoutes from './cashbox/index';
import chatRoutes from './chat/index';
import clientErrorRoutes, { captchaErrorRoutes } from './client-errors/index';
import contentVersionRoutes from './content-version/index';
import categoriesRoutes from './categories/index';
import formsRoutes from './forms/index';
import gamesRoutes from './games/index';
import healthRoutes from './health/index';
import infoPopupRoutes from './info-popup/index';
import jurisdictionRoutes from './jurisdiction/index';
import localesRoutes from './locales/index';
import manifestRoutes from './manifest/index';
import mediaRoutes from './media/index';
import paymentRoutes from './payments/index';
import providersRoutes from './providers/index';
import pspRoutes from './psp/index';
import receiptsRoutes from './receipts/index';
import seoRoutes from './seo/index';
import sitemapRoutes from './sitemap/index';
import slidesRoutes from './slides/index';
import sportsFeedRoutes from './sports/feed';
import sportsRoutes from './sports/index';
import staffRoutes from './staff/index';
import translationRoutes from './translation/index';
import usersRoutes from './users/index';

/** Each area is its own plugin; its folder is its URL under /spa. */
const AREAS = {
  health: healthRoutes,
  locales: localesRoutes,
  translation: translationRoutes,
  categories: categoriesRoutes,
  slides: slidesRoutes,
  'bonus-infos': bonusInfosRoutes,
  articles: articlesRoutes,
  seo: seoRoutes,
  sitemap: sitemapRoutes,
  manifest: manifestRoutes,
  media: mediaRoutes,
  'info-popup': infoPopupRoutes,
  'content-version': contentVersionRoutes,
  jurisdiction: jurisdictionRoutes,
  auth: authRoutes,
  users: usersRoutes,
  forms: formsRoutes,
  captcha: captchaRoutes,
  staff: staffRoutes,
  cashbox: cashboxRoutes,
  payments: paymentRoutes,
  psp: pspRoutes,
  games: gamesRoutes,
  providers: providersRoutes,
  sports: sportsRoutes,
  'staff/sports': sportsFeedRoutes,
  chat: chatRoutes,
  'client-errors': clientErrorRoutes,
  hcaptchaError: captchaErrorRoutes,
  receipts: receiptsRoutes,
} satisfies Record<string, FastifyPluginAsyncZod>;

export const spaRoutes: FastifyPluginAsync = async (app) => {
  for (const [area, plugin] of Object.entries(AREAS)) await app.register(plugin, { prefix: `/${area}` });
};

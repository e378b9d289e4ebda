import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createAccountServices, type AccountServices } from '../../services/accounts/account-services';
import { createBonusServices, type BonusServices } from '../../services/bonuses/bonus-services';
import { createCashboxServices, type CashboxServices } from '../../services/cashbox/cashbox-services';
import { systemClock } from '../../services/cashbox/clock';
import { createChatServices, type ChatServices } from '../../services/chat/chat-services';
import { ensureDemoStaff } from '../../services/chat/demo-staff';
import { createContentService, type ContentService } from '../../services/content/content-service';
import { createCasinoServices, type CasinoServices } from '../../services/games/casino-services';
import { createLocaleService, type LocaleService } from '../../services/i18n/locale-service';
import { createSeoService, type SeoService } from '../../services/seo/seo-service';
import { createSportsServices, type SportsServices } from '../../services/sports/sports-services';
import { createStaffServices, type StaffServices } from '../../services/staff/staff-services';

export interface Services extends AccountServices, CashboxServices {
  locales: LocaleService;
  content: ContentService;
  seo: SeoService;
  sports: SportsServices;
  casino: CasinoServices;
  bonuses: BonusServices;
  chat: ChatServices;
  staff: StaffServices;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const locales = createLocaleService({ db: app.db });
    const accountServices = createAccountServices({ db: app.db, config, logger: app.log });
    // Mail still on its way to the SMTP server is handed over before the database closes.
    app.addHook('onClose', async () => accountServices.email.drain());
    const cashboxServices = createCashboxServices({
      handle: app.dbHandle,
      config,
      logger: app.log,
      inject: (request) => app.inject(request),
    });
    // Background jobs start once the app serves; they and the balance listener stop before the database closes.
    app.addHook('onReady', async () => {
      if (config.jobs.enabled) cashboxServices.jobs.start();
    });
    app.addHook('preClose', async () => {
      await cashboxServices.jobs.stop();
      await cashboxServices.balanceHub.close();
    });
    const chat = createChatServices({
      handle: app.dbHandle,
      clock: systemClock,
      config: config.chat,
      secureCookies: new URL(config.siteUrl).protocol === 'https:',
      onError: (error) => app.log.warn({ err: error }, 'chat event dispatch failed'),
    });
    app.addHook('onReady', async () => {
      const password = config.chat.demoStaffPassword;
      if (password && (await ensureDemoStaff(app.db, accountServices.accounts, password))) {
        app.log.info('created the demo support account support@playhouse.example');
      }
    });
    app.addHook('preClose', async () => chat.hub.close());
    const bonuses = createBonusServices({ handle: app.dbHandle, logger: app.log, jobsEnabled: config.jobs.enabled });
    app.addHook('onReady', async () => bonuses.startJobs());
    app.addHook('preClose', async () => bonuses.jobs.stop());
    app.decorate('services', {
      ...accountServices,
      ...cashboxServices,
      locales,
      content: createContentService({ db: app.db }),
      seo: createSeoService({ db: app.db, locales }),
      sports: createSportsServices({ handle: app.dbHandle, config: config.sports, logger: app.log }),
      casino: createCasinoServices({
        db: app.db,
        config: config.casino,
        logger: app.log,
        send: async ({ method, url, headers, body }) => {
          const response = await app.inject({ method, url, headers, payload: body });
          return { statusCode: response.statusCode, body: response.body };
        },
      }),
      chat,
      bonuses,
      staff: createStaffServices({
        db: app.db,
        accounts: accountServices.accounts,
        sessions: accountServices.sessions,
        auth: config.auth,
        adjustBalance: (request) => cashboxServices.balances.adjust(request),
        offerBonus: (executor, login, campaign, key) => bonuses.offer(login, campaign, key, executor),
      }),
    } satisfies Services);
  },
  { name: 'services', dependencies: ['db'] },
);

import fp from 'fastify-plugin';
import { DEFAULT_LOCALE } from '@playhouse/shared';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { createPlayerAdminService, type PlayerAdminService } from './player-admin-service';

declare module '../../plugins/app/services' {
  interface Services {
    players: PlayerAdminService;
  }
}

/** The page of the other domains' lists a back-office tab asks for, in their own paging words. */
const asPerPage = (page: { page: number; pageSize: number }) => ({ page: page.page, perPage: page.pageSize });
const asPageSize = <T>(answer: { items: T[]; total: number; page: number; perPage: number }) => ({
  items: answer.items,
  total: answer.total,
  page: answer.page,
  pageSize: answer.perPage,
});

/**
 * The back office's players (accounts domain). The player page's other lists come from the domains that own them,
 * through their services: balances and ledger, sports bets, game rounds, bonuses, deposits and withdrawals.
 */
export const playersPlugin = fp<{ config: Config }>(
  async (app) => {
    const { sessions, balances, sports, providerWallet, bonuses, payments, withdrawals } = app.services;
    app.services.players = createPlayerAdminService({
      db: app.db,
      sessions,
      now: () => systemClock.now(),
      readers: {
        async balances(player) {
          const ledger = await balances.ledger(player.email, { page: 1, perPage: 1 });
          return { currency: ledger.user.currency, ...ledger.balances };
        },
        ledger: async (userId, page) => asPageSize(await balances.transactions(userId, asPerPage(page))),
        bets: async (userId, page) =>
          asPageSize(
            await sports.bets.list(userId, asPerPage(page), { locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE }),
          ),
        rounds: (userId, page) => providerWallet.roundsOf(userId, page),
        bonuses: async (userId, page) => ({
          ...(await bonuses.history(userId, asPerPage(page))),
          page: page.page,
          pageSize: page.pageSize,
        }),
        payments: (userId, page) => payments.depositsOf(userId, page),
        withdrawals: async (userId, page) => asPageSize(await withdrawals.listForUser(userId, asPerPage(page))),
      },
    });
  },
  {
    name: 'players',
    dependencies: ['db', 'services', 'accounts', 'sports', 'providers', 'bonuses', 'payments', 'cashbox'],
  },
);

import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { createStaffServices, type StaffServices } from './staff-services';

declare module '../../plugins/app/services' {
  interface Services {
    staff: StaffServices;
  }
}

/**
 * The staff domain: the staff sign-in with its second factor, staff accounts and roles, four eyes on money actions
 * (carried out by the balances and bonuses services inside the approval's transaction) and the audit log.
 */
export const staffPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const { accounts, sessions, balances, bonuses } = app.services;
    app.services.staff = createStaffServices({
      db: app.db,
      accounts,
      sessions,
      auth: config.auth,
      clock: systemClock,
      adjustBalance: (request) => balances.adjust(request),
      offerBonus: (executor, login, campaign, key) => bonuses.offer(login, campaign, key, executor),
    });
  },
  { name: 'staff', dependencies: ['db', 'services', 'accounts', 'balances', 'bonuses'] },
);

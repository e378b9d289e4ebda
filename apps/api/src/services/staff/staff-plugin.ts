import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { DEFAULT_LOCALE, isLocale } from '@playhouse/shared';
import { systemClock } from '../../lib/clock';
import { createAccountEmails } from '../accounts/account-emails';
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
    const { accounts, sessions, balances, bonuses, email, marketing, sports } = app.services;
    const emails = createAccountEmails({ db: app.db, email, siteUrl: config.siteUrl });
    const staff = createStaffServices({
      db: app.db,
      accounts,
      sessions,
      auth: config.auth,
      clock: systemClock,
      adjustBalance: (request) => balances.adjust(request),
      offerBonus: (executor, login, campaign, key) => bonuses.offer(login, campaign, key, executor),
      sendInvitation: (to, locale, token, hours) =>
        emails.staffInvitation(
          to,
          { locale: isLocale(locale) ? locale : DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE },
          token,
          hours,
        ),
    });
    // The other domains carry out what their four-eyes requests ask, in the approval's transaction.
    const { campaigns, limits } = marketing;
    staff.requests.register('campaign_limits', limits.approve);
    staff.requests.register('campaign_publish', campaigns.approve);
    staff.requests.register('campaign_edit', campaigns.approve);
    staff.requests.register('promo_code', campaigns.approve);
    staff.requests.register('result_change', sports.trading.approveResultChange);
    app.services.staff = staff;
  },
  { name: 'staff', dependencies: ['db', 'services', 'accounts', 'bonuses', 'sports'] },
);

import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { changedPlayers } from '../../lib/player-cache';
import { listenWhileOpen } from '../../plugins/app/db';
import { SESSION_CHANNEL } from '../auth/session-service';
import { createAccountServices, type AccountServices } from './account-services';
import { ensureDemoStaff } from './demo-staff';

declare module '../../plugins/app/services' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the accounts group's keys, added to the others
  interface Services extends AccountServices {}
}

/**
 * Accounts with their sessions, captcha and e-mail. Mail still on its way to the SMTP server is handed over before the
 * database closes; with DEMO_STAFF_PASSWORD the demo staff accounts (one per role) are created once the app is ready.
 */
export const accountsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const keepSessions = config.playerCache !== null;
    const services = createAccountServices({ db: app.db, config, logger: app.log, keepSessions });
    Object.assign(app.services, services);
    if (keepSessions) {
      await listenWhileOpen(
        app,
        SESSION_CHANNEL,
        (payload) => services.sessions.changed(changedPlayers(payload)),
        () => services.sessions.changed(null),
      );
    }
    app.addHook('onClose', async () => services.email.drain());
    app.addHook('onReady', async () => {
      const password = config.chat.demoStaffPassword;
      if (password && (await ensureDemoStaff(app.db, services.accounts, password))) {
        app.log.info('created the demo staff accounts (support@playhouse.example and one per role)');
      }
    });
  },
  { name: 'accounts', dependencies: ['db', 'services'] },
);

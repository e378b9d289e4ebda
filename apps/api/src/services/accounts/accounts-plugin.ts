import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { changedPlayers } from '../../lib/player-cache';
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
      // Listening from before the first request is served until the app closes; a gap in the announcements (the
      // listener reconnected) drops every kept session.
      const stop = await app.dbHandle.listen(
        SESSION_CHANNEL,
        (payload) => services.sessions.changed(changedPlayers(payload)),
        { onReconnect: () => services.sessions.changed(null) },
      );
      app.addHook('preClose', async () => {
        await stop().catch((error: unknown) => app.log.warn({ err: error }, 'closing the session listener failed'));
      });
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

import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { PSP_WEBHOOK_JOB, pspWebhookJob } from './payment-jobs';
import { createPaymentServices, type PaymentServices } from './payment-services';

declare module '../../plugins/app/services' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the payment keys, added to the others
  interface Services extends PaymentServices {}
}

/** Deposits through the sandbox payment provider, whose webhooks reach the api through its own router. */
export const paymentsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const services = createPaymentServices({
      db: app.db,
      clock: systemClock,
      wallet: app.services.wallet,
      config,
      guard: app.services.protection.guard,
      logger: app.log,
      inject: (request) => app.inject(request),
      // Deliver at once rather than at the next tick, so the player's balance moves while they watch.
      onEventsQueued: () => {
        if (config.jobs.enabled) void app.jobs.trigger(PSP_WEBHOOK_JOB);
      },
    });
    Object.assign(app.services, services);
    app.jobs.add(pspWebhookJob(services.psp, config.payments.pollMs));
  },
  { name: 'payments', dependencies: ['db', 'services', 'jobs', 'wallet', 'protection'] },
);

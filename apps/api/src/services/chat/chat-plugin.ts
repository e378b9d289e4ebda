import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { createChatServices, type ChatServices } from './chat-services';

declare module '../../plugins/app/services' {
  interface Services {
    chat: ChatServices;
  }
}

/** Live chat: the service and its listener, closed before the database. */
export const chatPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const chat = createChatServices({
      handle: app.dbHandle,
      clock: systemClock,
      config: config.chat,
      secureCookies: new URL(config.siteUrl).protocol === 'https:',
      onError: (error) => app.log.warn({ err: error }, 'chat event dispatch failed'),
    });
    app.services.chat = chat;
    app.addHook('preClose', async () => chat.hub.close());
  },
  { name: 'chat', dependencies: ['db', 'services'] },
);

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatSendBodySchema,
  chatSendResponseSchema,
  chatStateResponseSchema,
  chatStreamQuerySchema,
  type ChatStatus,
} from '@playhouse/shared';
import { hashToken } from '../../../lib/token-hash';
import { errorResponses } from '../../../lib/route-schemas';
import { coalesced, eventStreams } from '../../../lib/sse';
import { perAddress } from '../../../plugins/auth';
import type { ChatEvent } from '../../../services/chat/chat-hub';
import { CHAT_COOKIE, newVisitorToken, type ChatHolder } from '../../../services/chat/chat-service';

/** A visitor's chat cookie lives half a year: long enough to come back to an answer. */
const COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** Per client address, on top of the per-holder limit: new visitors get a new cookie with every first message. */
const SEND_PER_ADDRESS = { max: 60, windowMs: 60_000 };

/** A player chats from the account; a visitor by the chat cookie, when there is one. */
function holderOf(request: FastifyRequest): ChatHolder | null {
  if (request.user) return { userId: request.user.id };
  const token = request.cookies[CHAT_COOKIE];
  return token ? { visitorTokenHash: hashToken(token) } : null;
}

const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, hub, secureCookies } = app.services.chat;
  const streams = eventStreams(app);

  app.get(
    '/',
    {
      schema: {
        operationId: 'getChat',
        tags: ['chat'],
        summary: "The caller's latest support conversation with its messages, and whether staff are online",
        response: { 200: chatStateResponseSchema },
      },
    },
    async (request, reply) => {
      // GET /spa/chat - the conversation so far (visitor by cookie, player by account)
      reply.header('cache-control', 'no-store');
      return service.state(holderOf(request));
    },
  );

  app.post(
    '/messages',
    {
      config: perAddress(SEND_PER_ADDRESS),
      schema: {
        operationId: 'sendChatMessage',
        tags: ['chat'],
        summary:
          'Sends a plain-text message, opening a conversation when the caller has no open one; a visitor without ' +
          'the chat cookie gets one. With no staff online the message is left for later (an e-mail may come with it).',
        body: chatSendBodySchema,
        response: { 201: chatSendResponseSchema, ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/chat/messages - a message to support
      let holder = holderOf(request);
      if (!holder) {
        const token = newVisitorToken();
        holder = { visitorTokenHash: hashToken(token) };
        reply.setCookie(CHAT_COOKIE, token, {
          httpOnly: true,
          sameSite: 'lax',
          path: '/spa/chat',
          secure: secureCookies,
          maxAge: COOKIE_MAX_AGE_S,
        });
      }
      const sent = await service.send(holder, request.body);
      return reply.code(201).header('cache-control', 'no-store').send(sent);
    },
  );

  app.get(
    '/stream',
    {
      config: { eventStream: true },
      schema: {
        operationId: 'streamChat',
        tags: ['chat'],
        summary:
          "Server-sent events of the caller's latest conversation: `event: state` ({ status, staffOnline }) on " +
          'connect and on change, `event: messages` ({ messages }) with the messages after `after` and each new one',
        querystring: chatStreamQuerySchema,
        response: {
          200: z.string().describe('text/event-stream: `state` and `messages` events and `:` heartbeat comments'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      // GET /spa/chat/stream - the conversation as it goes on
      const holder = holderOf(request);
      const conversation = holder ? await service.latest(holder) : null;
      let status: ChatStatus | null = conversation?.status ?? null;
      let staffOnline = await service.staffOnline();
      let lastId = request.query.after;
      let onEvent: (event: ChatEvent) => void = () => undefined;
      const unsubscribe = await hub.subscribe(conversation?.id ?? null, (event) => onEvent(event));
      const opened = streams.open(request, reply, {
        onClose: unsubscribe,
        // A staff stream of a crashed instance sends no goodbye: its presence just goes stale.
        heartbeat: () => pushPresence(),
      });
      const { stream } = opened;
      const warn = (error: unknown) => request.log.warn({ err: error }, 'chat stream update failed');
      const sendState = () => stream.send('state', { status, staffOnline });
      const pushMessages = coalesced(async () => {
        if (!conversation) return;
        const updates = await service.updates(conversation.id, lastId);
        if (updates.messages.length > 0) {
          lastId = updates.messages[updates.messages.length - 1]!.id;
          stream.send('messages', { messages: updates.messages });
        }
        if (updates.status !== status) {
          status = updates.status;
          sendState();
        }
      }, warn);
      const pushPresence = coalesced(async () => {
        const online = await service.staffOnline();
        if (online === staffOnline) return;
        staffOnline = online;
        sendState();
      }, warn);
      onEvent = (event) => {
        if (event.kind !== 'message' && event.kind !== 'status') pushPresence();
        if (event.kind !== 'presence') pushMessages();
      };

      sendState();
      pushMessages();
      return opened.reply;
    },
  );
};

export default chatRoutes;

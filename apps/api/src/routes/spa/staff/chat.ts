import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffChatConversationResponseSchema,
  staffChatListQuerySchema,
  staffChatListResponseSchema,
  staffChatParamsSchema,
  staffChatReadBodySchema,
  staffChatReplyBodySchema,
  staffChatReplyResponseSchema,
  staffChatSummaryResponseSchema,
  type StaffPermission,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { eventStreams } from '../../../lib/sse';
import type { ChatEvent } from '../../../services/chat/chat-hub';
import { signedInUser, staffActor } from '../../../plugins/auth';

/** /spa/staff/chat: support staff answer visitors and players (permissions chat.read and chat.reply). */
const staffChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, hub } = app.services.chat;
  const streams = eventStreams(app);

  /** A route on one conversation: its id in the path, under the chat's tags. */
  const onConversation = <Schema extends object>(permission: StaffPermission, schema: Schema) => ({
    config: { permission },
    schema: { tags: ['staff', 'chat'], params: staffChatParamsSchema, ...schema },
  });

  app.get(
    '/chat/conversations',
    {
      config: { permission: 'chat.read' },
      schema: {
        operationId: 'listStaffChatConversations',
        tags: ['staff', 'chat'],
        summary: 'Conversations of one status (open by default), most recently active first, with unread counts',
        querystring: staffChatListQuerySchema,
        response: { 200: staffChatListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/chat/conversations - the support queue
      reply.header('cache-control', 'no-store');
      return { conversations: await service.list(request.query.status) };
    },
  );

  app.get(
    '/chat/conversations/:id',
    onConversation('chat.read', {
      operationId: 'getStaffChatConversation',
      summary: 'One conversation with all its messages',
      response: { 200: staffChatConversationResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      // GET /spa/staff/chat/conversations/{id} - a conversation's history
      reply.header('cache-control', 'no-store');
      const conversation = await service.conversation(request.params.id);
      await app.services.staff.audit.viewed(staffActor(request), 'chat_conversation', null, {
        conversationId: request.params.id,
      });
      return conversation;
    },
  );

  app.post(
    '/chat/conversations/:id/messages',
    onConversation('chat.reply', {
      operationId: 'replyStaffChat',
      summary: 'Answers in an open conversation (plain text); the visitor sees it at once on the stream',
      body: staffChatReplyBodySchema,
      response: { 201: staffChatReplyResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      // POST /spa/staff/chat/conversations/{id}/messages - a staff answer
      const message = await service.reply(
        { ...signedInUser(request), ip: staffActor(request).ip },
        request.params.id,
        request.body.text,
      );
      return reply.code(201).send({ message });
    },
  );

  app.post(
    '/chat/conversations/:id/read',
    onConversation('chat.reply', {
      operationId: 'markStaffChatRead',
      summary: "Marks the visitor's messages read up to a message (all of them when none is named)",
      body: staffChatReadBodySchema.optional(),
      response: { 200: staffChatSummaryResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      // POST /spa/staff/chat/conversations/{id}/read - unread count back to zero
      return { conversation: await service.markRead(request.params.id, request.body?.upTo) };
    },
  );

  app.post(
    '/chat/conversations/:id/close',
    onConversation('chat.reply', {
      operationId: 'closeStaffChat',
      summary: "Closes a conversation; the visitor's next message opens a new one",
      response: { 200: staffChatSummaryResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      // POST /spa/staff/chat/conversations/{id}/close - done with it
      return { conversation: await service.close(staffActor(request), request.params.id) };
    },
  );

  app.get(
    '/chat/stream',
    {
      config: { permission: 'chat.read', eventStream: true },
      schema: {
        operationId: 'streamStaffChat',
        tags: ['staff', 'chat'],
        summary:
          'Server-sent events for the staff page: `event: changed` ({ conversationId }) when a conversation gets a ' +
          'message, is read or closed. While it is open the staff member counts as online.',
        response: {
          200: z
            .string()
            .describe('text/event-stream: `changed` events, `resync` after a gap (reload the queue), `:` heartbeats'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/chat/stream - the support queue as it moves; staff presence
      const staff = signedInUser(request);
      const streamId = randomUUID();
      const warn = (error: unknown) => request.log.warn({ err: error }, 'staff chat stream failed');
      let send: (event: ChatEvent) => void = () => undefined;
      const unsubscribe = await hub.subscribeAll((event) => send(event));
      try {
        await service.enterPresence(streamId, staff.id);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      const opened = streams.open(request, reply, {
        onClose: () => {
          unsubscribe();
          service.leavePresence(streamId).catch(warn);
        },
        heartbeat: () => {
          service.touchPresence(streamId, staff.id).catch(warn);
        },
      });
      send = (event) => {
        // After a gap in the database's notifications the page reloads its queue: anything may have changed.
        if (event.kind === 'resync') opened.stream.send('resync', {});
        else if (event.kind !== 'presence') opened.stream.send('changed', { conversationId: event.conversationId });
      };
      opened.stream.send('ready', { staffOnline: true });
      return opened.reply;
    },
  );
};

export default staffChatRoutes;

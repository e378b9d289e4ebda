import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { schema } from '@playhouse/db';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  chatSendResponseSchema,
  chatStateResponseSchema,
  staffChatConversationResponseSchema,
  staffChatListResponseSchema,
  type StaffChatConversationSummary,
} from '@playhouse/shared';
import { CHAT_COOKIE } from '../../src/services/chat/chat-service';
import { DEMO_STAFF, DEMO_STAFF_TEAM, ensureDemoStaff } from '../../src/services/accounts/demo-staff';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { openEventStream } from '../helpers/sse';
import { staffCaller, totpCode } from '../helpers/staff';
import { buildCashboxApp, signedInUser, SITE_ORIGIN, type CashboxTestApp } from './cashbox-helpers';

const BROWSER = { origin: SITE_ORIGIN };
const SEND_MAX = 5;

let t: CashboxTestApp;

beforeAll(async () => {
  t = await buildCashboxApp({ CHAT_SEND_MAX: String(SEND_MAX) });
});
afterAll(async () => t.close());

function chatCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === CHAT_COOKIE);
}

/** A visitor's first message; returns the Cookie header their browser sends from then on. */
async function newVisitor(text = 'Hello, is anyone there?', extra: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/chat/messages',
    headers: BROWSER,
    payload: { text, ...extra },
  });
  expect(response.statusCode).toBe(201);
  const cookie = chatCookie(response);
  expect(cookie?.value).toBeTruthy();
  return {
    response,
    sent: chatSendResponseSchema.parse(response.json()),
    headers: { ...BROWSER, cookie: `${CHAT_COOKIE}=${cookie!.value}` },
  };
}

async function chatState(headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/spa/chat', headers });
  expect(response.statusCode).toBe(200);
  return chatStateResponseSchema.strict().parse(response.json());
}

async function staffList(headers: Record<string, string>, status = 'open') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/spa/staff/chat/conversations?status=${status}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return staffChatListResponseSchema.parse(response.json()).conversations;
}

function summaryOf(list: StaffChatConversationSummary[], id: number) {
  const found = list.find((conversation) => conversation.id === id);
  expect(found).toBeDefined();
  return found!;
}

/** Opens a server-sent event stream on a real socket and collects its events by name. */
function openStream(address: string, path: string, headers: Record<string, string>) {
  return openEventStream(`${address}${path}`, headers);
}

describe('visitor chat', () => {
  it('GET /spa/chat for a new visitor has no conversation and says no staff member is online', async () => {
    expect(await chatState()).toEqual({ conversation: null, messages: [], staffOnline: false });
  });

  it('POST /spa/chat/messages opens a conversation, issues the httpOnly chat cookie and keeps the history', async () => {
    const { response, sent, headers } = await newVisitor('  Where is my deposit?  ', { email: 'Ann@Example.com' });
    const cookie = chatCookie(response)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/spa/chat' });
    expect(sent.conversation).toMatchObject({ status: 'open', contactEmail: 'ann@example.com' });
    // No staff stream is open: the message is left for later.
    expect(sent.message).toMatchObject({ author: 'visitor', text: 'Where is my deposit?', leftOffline: true });

    const second = await t.app.inject({
      method: 'POST',
      url: '/spa/chat/messages',
      headers,
      payload: { text: '<b>not bold</b>' },
    });
    expect(second.statusCode).toBe(201);
    expect(chatCookie(second)).toBeUndefined();

    // A reload: the cookie brings the same conversation back, the text exactly as typed.
    const state = await chatState(headers);
    expect(state.conversation?.id).toBe(sent.conversation.id);
    expect(state.messages.map((message) => message.text)).toEqual(['Where is my deposit?', '<b>not bold</b>']);
    // Another visitor sees none of it.
    expect((await chatState({ cookie: `${CHAT_COOKIE}=someone-else` })).conversation).toBeNull();
  });

  it('POST /spa/chat/messages refuses empty, blank, too long and malformed bodies and stores nothing', async () => {
    const { headers, sent } = await newVisitor();
    const bad = [
      {},
      { text: '' },
      { text: '   \n ' },
      { text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) },
      { text: 'hi', email: 'not-an-email' },
      { text: 'hi', author: 'staff' },
      { text: 42 },
    ];
    for (const payload of bad) {
      const response = await t.app.inject({ method: 'POST', url: '/spa/chat/messages', headers, payload });
      expectErrorEnvelope(response, 400, 'validation_failed');
    }
    const state = await chatState(headers);
    expect(state.conversation?.id).toBe(sent.conversation.id);
    expect(state.messages).toHaveLength(1);
  });

  it('POST /spa/chat/messages from a foreign origin is refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/chat/messages',
      headers: { origin: 'https://evil.example' },
      payload: { text: 'hello' },
    });
    expectErrorEnvelope(response, 403, 'origin_not_allowed');
    expect(chatCookie(response)).toBeUndefined();
  });

  it(`POST /spa/chat/messages allows ${SEND_MAX} messages a window per visitor, then 429`, async () => {
    const { headers } = await newVisitor('one');
    for (let index = 1; index < SEND_MAX; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/chat/messages',
        headers,
        payload: { text: 'more' },
      });
      expect(response.statusCode).toBe(201);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/spa/chat/messages',
      headers,
      payload: { text: 'more' },
    });
    expectErrorEnvelope(refused, 429, 'rate_limit_exceeded');
    expect((await chatState(headers)).messages).toHaveLength(SEND_MAX);
  });
});

describe('player chat', () => {
  it('a signed-in player chats from the account: no chat cookie, history on every device', async () => {
    const player = await signedInUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/chat/messages',
      headers: player.headers,
      payload: { text: 'Bonus question' },
    });
    expect(response.statusCode).toBe(201);
    expect(chatCookie(response)).toBeUndefined();
    const state = await chatState({ cookie: player.headers.cookie });
    expect(state.messages.map((message) => message.text)).toEqual(['Bonus question']);

    const staff = await staffCaller(t, ['support']);
    const summary = summaryOf(await staffList(staff.headers), state.conversation!.id);
    expect(summary.playerName).toBe(player.username);
    // the back office shows this player's profile beside the conversation
    expect(summary.playerId).toBe(player.id);
  });
});

describe('staff chat', () => {
  it('every staff chat route is 401 for visitors and 403 for players', async () => {
    const player = await signedInUser(t);
    const routes = [
      { method: 'GET', url: '/spa/staff/chat/conversations' },
      { method: 'GET', url: '/spa/staff/chat/conversations/1' },
      { method: 'POST', url: '/spa/staff/chat/conversations/1/messages', payload: { text: 'hi' } },
      { method: 'POST', url: '/spa/staff/chat/conversations/1/read', payload: {} },
      { method: 'POST', url: '/spa/staff/chat/conversations/1/close' },
      { method: 'GET', url: '/spa/staff/chat/stream' },
    ] as const;
    for (const route of routes) {
      expectErrorEnvelope(await t.app.inject({ ...route, headers: BROWSER }), 401, 'unauthorized');
      expectErrorEnvelope(await t.app.inject({ ...route, headers: player.headers }), 403, 'forbidden');
    }
  });

  it('lists open conversations with unread counts, replies, marks read and closes', async () => {
    const staff = await staffCaller(t, ['support']);
    const visitor = await newVisitor('first');
    const id = visitor.sent.conversation.id;
    await t.app.inject({
      method: 'POST',
      url: '/spa/chat/messages',
      headers: visitor.headers,
      payload: { text: 'second' },
    });

    const summary = summaryOf(await staffList(staff.headers), id);
    expect(summary).toMatchObject({
      status: 'open',
      unreadCount: 2,
      playerName: null,
      playerId: null,
      lastMessage: { text: 'second' },
    });

    const read = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/chat/conversations/${id}/read`,
      headers: staff.headers,
      payload: {},
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ conversation: { id, unreadCount: 0 } });

    await t.app.inject({
      method: 'POST',
      url: '/spa/chat/messages',
      headers: visitor.headers,
      payload: { text: 'third' },
    });
    expect(summaryOf(await staffList(staff.headers), id).unreadCount).toBe(1);

    const reply = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/chat/conversations/${id}/messages`,
      headers: staff.headers,
      payload: { text: 'How can I help?' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ message: { author: 'staff', staffName: staff.username } });
    // Answering reads what came before.
    expect(summaryOf(await staffList(staff.headers), id).unreadCount).toBe(0);

    const history = await t.app.inject({
      method: 'GET',
      url: `/spa/staff/chat/conversations/${id}`,
      headers: staff.headers,
    });
    const { messages } = staffChatConversationResponseSchema.parse(history.json());
    expect(messages.map((message) => [message.author, message.text])).toEqual([
      ['visitor', 'first'],
      ['visitor', 'second'],
      ['visitor', 'third'],
      ['staff', 'How can I help?'],
    ]);
    expect((await chatState(visitor.headers)).messages.at(-1)).toMatchObject({
      author: 'staff',
      text: 'How can I help?',
      staffName: staff.username,
    });

    const closed = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/chat/conversations/${id}/close`,
      headers: staff.headers,
    });
    expect(closed.json()).toMatchObject({ conversation: { id, status: 'closed' } });
    expect((await staffList(staff.headers)).some((conversation) => conversation.id === id)).toBe(false);
    expect(summaryOf(await staffList(staff.headers, 'closed'), id).status).toBe('closed');
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: `/spa/staff/chat/conversations/${id}/messages`,
        headers: staff.headers,
        payload: { text: 'too late' },
      }),
      409,
      'chat_conversation_closed',
    );

    // The visitor still sees the closed conversation; their next message opens a new one.
    expect((await chatState(visitor.headers)).conversation).toMatchObject({ id, status: 'closed' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/spa/chat/messages',
      headers: visitor.headers,
      payload: { text: 'One more thing' },
    });
    expect(chatSendResponseSchema.parse(again.json()).conversation.id).not.toBe(id);
  });

  it('answers 404 for an unknown conversation and 400 for a malformed id or reply', async () => {
    const staff = await staffCaller(t, ['support']);
    const get404 = await t.app.inject({
      method: 'GET',
      url: '/spa/staff/chat/conversations/999999',
      headers: staff.headers,
    });
    expectErrorEnvelope(get404, 404, 'not_found');
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/spa/staff/chat/conversations/abc', headers: staff.headers }),
      400,
      'validation_failed',
    );
    const { sent } = await newVisitor();
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: `/spa/staff/chat/conversations/${sent.conversation.id}/messages`,
        headers: staff.headers,
        payload: { text: ' ' },
      }),
      400,
      'validation_failed',
    );
  });
});

describe('live delivery and presence', () => {
  let address: string;
  beforeAll(async () => {
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it("a staff stream makes staff online; the visitor's stream delivers the answer; closing it leaves them offline", async () => {
    const staff = await staffCaller(t, ['support']);
    const visitor = await newVisitor('Anyone?');
    expect(visitor.sent.message.leftOffline).toBe(true);
    const conversationId = visitor.sent.conversation.id;

    const visitorStream = await openStream(address, `/spa/chat/stream?after=${visitor.sent.message.id}`, {
      cookie: visitor.headers.cookie,
    });
    const staffStream = await openStream(address, '/spa/staff/chat/stream', { cookie: staff.headers.cookie });
    try {
      expect(visitorStream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(await visitorStream.next('state')).toEqual({ status: 'open', staffOnline: false });
      expect(staffStream.response.statusCode).toBe(200);
      await staffStream.next('ready');
      // The staff stream's arrival reaches the visitor's stream as a presence change.
      expect(await visitorStream.next('state')).toEqual({ status: 'open', staffOnline: true });
      expect((await chatState(visitor.headers)).staffOnline).toBe(true);

      const sent = await t.app.inject({
        method: 'POST',
        url: '/spa/chat/messages',
        headers: visitor.headers,
        payload: { text: 'Now you are here' },
      });
      expect(chatSendResponseSchema.parse(sent.json()).message.leftOffline).toBe(false);
      expect(await staffStream.next('changed')).toEqual({ conversationId });

      await t.app.inject({
        method: 'POST',
        url: `/spa/staff/chat/conversations/${conversationId}/messages`,
        headers: staff.headers,
        payload: { text: 'Hello from support' },
      });
      const texts: string[] = [];
      while (!texts.includes('Hello from support')) {
        const event = (await visitorStream.next('messages')) as { messages: { text: string }[] };
        texts.push(...event.messages.map((message) => message.text));
      }
      expect(texts).toEqual(['Now you are here', 'Hello from support']);
    } finally {
      staffStream.close();
    }
    try {
      expect(await visitorStream.next('state')).toEqual({ status: 'open', staffOnline: false });
    } finally {
      visitorStream.close();
    }
    await expect.poll(() => t.app.services.chat.hub.subscriberCount(), { timeout: 15_000 }).toBe(0);
    expect((await chatState(visitor.headers)).staffOnline).toBe(false);
  });
});

describe('demo support account', () => {
  it('is created once with the given password and the support and content roles, and sets up TOTP at its first sign-in', async () => {
    const password = 'demo support passphrase';
    expect(await ensureDemoStaff(t.db, t.app.services.accounts, password)).toBe(true);
    expect(await ensureDemoStaff(t.db, t.app.services.accounts, 'another passphrase')).toBe(false);
    // The player login refuses it: staff sign in with a second factor.
    const playerLogin = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/login',
      headers: BROWSER,
      payload: { login: DEMO_STAFF.email, password },
    });
    expectErrorEnvelope(playerLogin, 403, 'staff_sign_in_required');

    const started = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/staff/login',
      headers: BROWSER,
      payload: { login: DEMO_STAFF.email, password },
    });
    expect(started.json()).toMatchObject({ step: 'totp_setup' });
    const signIn = started.cookies.find((cookie) => cookie.name === 'ph_staff_sign_in')!;
    const cookie = { cookie: `ph_staff_sign_in=${signIn.value}` };
    const setup = await t.app.inject({ method: 'GET', url: '/spa/auth/staff/totp-setup', headers: cookie });
    const { secret } = setup.json<{ secret: string }>();
    const done = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/staff/totp',
      headers: { ...BROWSER, ...cookie },
      payload: { code: await totpCode(secret) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user: { role: 'staff', username: DEMO_STAFF.username } });
    const session = done.cookies.find((item) => item.name === 'ph_session')!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/spa/staff/me',
      headers: { cookie: `ph_session=${session.value}` },
    });
    expect(me.json()).toMatchObject({ roles: ['support', 'content'] });

    // The rest of the demo team: one account per role (two for finance), each still to set up its second factor.
    const team = await t.db
      .select({ email: schema.users.email, roles: schema.staffMembers.roles, totp: schema.staffMembers.totpEnabledAt })
      .from(schema.staffMembers)
      .innerJoin(schema.users, eq(schema.users.id, schema.staffMembers.userId))
      .where(
        inArray(
          schema.users.email,
          DEMO_STAFF_TEAM.map((member) => member.email),
        ),
      );
    expect(Object.fromEntries(team.map((row) => [row.email, row.roles]))).toEqual({
      'support@playhouse.example': ['support', 'content'],
      'finance@playhouse.example': ['finance'],
      'finance2@playhouse.example': ['finance'],
      'risk@playhouse.example': ['risk'],
      'trader@playhouse.example': ['trader'],
      'marketing@playhouse.example': ['marketing'],
      'marketing2@playhouse.example': ['marketing'],
      'content@playhouse.example': ['content'],
      'admin@playhouse.example': ['admin'],
      'admin2@playhouse.example': ['admin'],
    });
    expect(team.filter((row) => row.email !== DEMO_STAFF.email).every((row) => row.totp === null)).toBe(true);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/staff/login',
      headers: BROWSER,
      payload: { login: 'admin', password },
    });
    expect(admin.json()).toMatchObject({ step: 'totp_setup' });
  });
});

import { randomBytes } from 'node:crypto';
import {
  createUserBodySchema,
  outboxQuerySchema,
  type AccountRole,
  type OutboxMessage,
  type User,
} from '@playhouse/shared';
import { createAccountServices } from '../../services/accounts/account-services';
import { toUserView } from '../../services/accounts/user-view';
import { toOutboxMessage } from '../../services/email/email-service';
import { UsageError, stringOption, type CommandInput, type OpsCommand, type OpsTarget } from '../command';

type DirectTarget = Extract<OpsTarget, { mode: 'direct' }>;

function accountServices(target: DirectTarget) {
  return createAccountServices({
    db: target.db,
    // The command line never issues or checks a captcha, so any secret will do here.
    config: { ...target.config, captcha: { ...target.config.captcha, secret: randomBytes(32).toString('hex') } },
    logger: { warn: (details, message) => console.error(message, details) },
  });
}

function describeUser(user: User): string {
  return `${user.role} #${user.id} ${user.email} (username ${user.username}, currency ${user.currency})`;
}

async function createUser(input: CommandInput, target: OpsTarget, role: AccountRole): Promise<string> {
  const [email, password] = input.positionals;
  const parsed = createUserBodySchema.safeParse({
    email,
    password,
    username: stringOption(input, 'username'),
    currency: stringOption(input, 'currency'),
    role,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`);
    throw new UsageError(problems.join('\n'));
  }
  if (target.mode === 'api') {
    const { user } = await target.api.post<{ user: User }>('/spa/staff/users', parsed.data);
    return `Created ${describeUser(user)}`;
  }
  const user = await accountServices(target).accounts.createUser(parsed.data, { id: null, ip: null, via: 'direct' });
  return `Created ${describeUser(toUserView(user))}`;
}

function describeMessage(message: OutboxMessage): string {
  const state = message.error ? `not delivered: ${message.error}` : message.sentAt ? 'sent' : 'in the outbox';
  return [
    `#${message.id}  ${message.createdAt}  to ${message.to}  (${state})`,
    `Subject: ${message.subject}`,
    '',
    message.text,
  ].join('\n');
}

export const accountCommands: OpsCommand[] = [
  {
    name: 'create-player',
    args: '<email> <password>',
    summary: 'Create a player account (with its main and bonus balances)',
    options: {
      username: { type: 'string', description: 'username (default: from the e-mail address)' },
      currency: { type: 'string', description: 'EUR, USD, GBP, BRL or RUB (default EUR)' },
    },
    run: (input, target) => createUser(input, target, 'player'),
  },
  {
    name: 'create-staff',
    args: '<email> <password>',
    summary: 'Create a staff user who can use this command line through the api (--admin: an admin)',
    options: {
      admin: { type: 'boolean', description: 'make an admin (may create other staff users)' },
      username: { type: 'string', description: 'username (default: from the e-mail address)' },
    },
    run: (input, target) => createUser(input, target, input.options.admin === true ? 'admin' : 'staff'),
  },
  {
    name: 'outbox',
    args: '',
    summary: 'Show the newest e-mails the site sent or keeps in its outbox (no SMTP server configured)',
    options: {
      to: { type: 'string', description: 'only those to this address' },
      limit: { type: 'string', description: 'how many (default 20, at most 200)' },
    },
    run: async (input, target) => {
      const parsed = outboxQuerySchema.safeParse({
        to: stringOption(input, 'to'),
        limit: stringOption(input, 'limit') ?? '20',
      });
      if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join('\n'));
      let messages: OutboxMessage[];
      if (target.mode === 'api') {
        const query = new URLSearchParams({ limit: String(parsed.data.limit) });
        if (parsed.data.to) query.set('to', parsed.data.to);
        messages = (await target.api.get<{ messages: OutboxMessage[] }>(`/spa/staff/outbox?${query}`)).messages;
      } else {
        messages = (await accountServices(target).email.outbox(parsed.data)).map(toOutboxMessage);
      }
      if (messages.length === 0) return 'The outbox is empty.';
      return messages.map(describeMessage).join(`\n\n${'-'.repeat(72)}\n\n`);
    },
  },
];

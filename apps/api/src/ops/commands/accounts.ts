import {
  STAFF_ROLES,
  createUserBodySchema,
  outboxQuerySchema,
  staffCreateAccountBodySchema,
  staffRolesSchema,
  type OutboxMessage,
  type StaffAccount,
  type StaffMe,
  type User,
} from '@playhouse/shared';
import { createAccountServices } from '../../services/accounts/account-services';
import { createStaffService } from '../../services/staff/staff-service';
import {
  UsageError,
  stringOption,
  type AnyCommand,
  type CommandInput,
  type DatabaseCommand,
  type OpsCommand,
} from '../command';

function problems(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || 'input'}: ${issue.message}`).join('\n');
}

function describeUser(user: User): string {
  return `${user.role} #${user.id} ${user.email} (username ${user.username}, currency ${user.currency})`;
}

function describeStaff(account: StaffAccount): string {
  return (
    `staff #${account.id} ${account.email} (username ${account.username}), roles ${account.roles.join(', ')}, ` +
    `${account.status}, second factor ${account.totpEnabled ? 'set up' : 'not set up yet'}`
  );
}

function rolesOption(input: CommandInput, fallback?: string) {
  const text = stringOption(input, 'roles') ?? fallback;
  if (!text) throw new UsageError(`--roles is a comma-separated list of ${STAFF_ROLES.join(', ')}.`);
  const parsed = staffRolesSchema.safeParse(text.split(',').map((role) => role.trim()));
  if (!parsed.success) throw new UsageError(`--roles is a comma-separated list of ${STAFF_ROLES.join(', ')}.`);
  return parsed.data;
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

const bootstrapAdmin: DatabaseCommand = {
  name: 'bootstrap-admin',
  args: '<email> <password>',
  summary:
    'Create the first admin of a new site, on the database itself (refused once an active admin exists); the admin ' +
    'sets up TOTP at the first sign-in (`setup-totp`, or the staff sign-in page)',
  options: { username: { type: 'string', description: 'username (default: from the e-mail address)' } },
  database: true,
  run: async (input, { db, config }) => {
    const [email, password] = input.positionals;
    const parsed = staffCreateAccountBodySchema.safeParse({
      email,
      password,
      username: stringOption(input, 'username'),
      roles: ['admin'],
    });
    if (!parsed.success) throw new UsageError(problems(parsed.error.issues));
    const services = createAccountServices({
      db,
      config,
      logger: { warn: (details, message) => console.error(message, details) },
    });
    const staff = createStaffService({ db, accounts: services.accounts, sessions: services.sessions });
    return `Created ${describeStaff(await staff.bootstrapAdmin(parsed.data))}`;
  },
};

const staffCommands: OpsCommand[] = [
  {
    name: 'setup-totp',
    args: '',
    summary:
      "Set up the signing-in staff member's second factor (first sign-in only) and print its secret: keep it as " +
      'OPS_TOTP_SECRET for scripts, or add it to an authenticator app',
    setsUpTotp: true,
    run: async (_input, target) => {
      const me = await target.api.get<StaffMe>('/spa/staff/me');
      if (!target.api.newTotpSecret) return `${me.user.email} has a second factor already; nothing was changed.`;
      return [
        `Second factor set up for ${me.user.email}. Its TOTP secret (base32):`,
        '',
        `  ${target.api.newTotpSecret}`,
        '',
        'Add it to an authenticator app, or keep it with the password as OPS_TOTP_SECRET for scripts.',
      ].join('\n');
    },
  },
  {
    name: 'whoami',
    args: '',
    summary: 'Show the signed-in staff member, their roles and what those allow',
    run: async (_input, target) => {
      const me = await target.api.get<StaffMe>('/spa/staff/me');
      return [
        `${me.user.email} (#${me.user.id}), roles ${me.roles.join(', ')}`,
        `may: ${me.permissions.join(', ')}`,
      ].join('\n');
    },
  },
  {
    name: 'sign-out',
    args: '',
    summary: 'End the staff session the command line keeps between commands',
    endsSession: true,
    run: async (_input, target) => {
      await target.api.signOut();
      return 'Signed out.';
    },
  },
  {
    name: 'create-player',
    args: '<email> <password>',
    summary: 'Create a player account (with its main and bonus balances)',
    options: {
      username: { type: 'string', description: 'username (default: from the e-mail address)' },
      currency: { type: 'string', description: 'EUR, USD, GBP, BRL or RUB (default EUR)' },
    },
    run: async (input, target) => {
      const [email, password] = input.positionals;
      const parsed = createUserBodySchema.safeParse({
        email,
        password,
        username: stringOption(input, 'username'),
        currency: stringOption(input, 'currency'),
      });
      if (!parsed.success) throw new UsageError(problems(parsed.error.issues));
      const { user } = await target.api.post<{ user: User }>('/spa/staff/users', parsed.data);
      return `Created ${describeUser(user)}`;
    },
  },
  {
    name: 'create-staff',
    args: '<email> <password>',
    summary: 'Create a staff account with its roles (admins); it sets up TOTP at its first sign-in',
    options: {
      roles: { type: 'string', description: `comma-separated: ${STAFF_ROLES.join(', ')}` },
      admin: { type: 'boolean', description: 'the same as --roles admin' },
      username: { type: 'string', description: 'username (default: from the e-mail address)' },
    },
    run: async (input, target) => {
      const [email, password] = input.positionals;
      const roles = rolesOption(input, input.options.admin === true ? 'admin' : undefined);
      const parsed = staffCreateAccountBodySchema.safeParse({
        email,
        password,
        username: stringOption(input, 'username'),
        roles,
      });
      if (!parsed.success) throw new UsageError(problems(parsed.error.issues));
      const { account } = await target.api.post<{ account: StaffAccount }>('/spa/staff/accounts', parsed.data);
      return `Created ${describeStaff(account)}`;
    },
  },
  {
    name: 'staff',
    args: '',
    summary: 'List the staff accounts with their roles (admins)',
    run: async (_input, target) => {
      const { items } = await target.api.get<{ items: StaffAccount[] }>('/spa/staff/accounts');
      return items.map(describeStaff).join('\n');
    },
  },
  {
    name: 'staff-roles',
    args: '<id>',
    summary: "Replace a staff member's roles (admins; not one's own)",
    options: { roles: { type: 'string', description: `comma-separated: ${STAFF_ROLES.join(', ')}` } },
    run: async (input, target) => {
      const id = Number(input.positionals[0]);
      if (!Number.isInteger(id) || id < 1) throw new UsageError('The staff member is their numeric id (see `staff`).');
      const { account } = await target.api.put<{ account: StaffAccount }>(`/spa/staff/accounts/${id}/roles`, {
        roles: rolesOption(input),
      });
      return `Now ${describeStaff(account)}`;
    },
  },
  {
    name: 'outbox',
    args: '',
    summary:
      'Show the newest e-mails the site sent (links with a live token are withheld: they reach the recipient only)',
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
      const query = new URLSearchParams({ limit: String(parsed.data.limit) });
      if (parsed.data.to) query.set('to', parsed.data.to);
      const { messages } = await target.api.get<{ messages: OutboxMessage[] }>(`/spa/staff/outbox?${query}`);
      if (messages.length === 0) return 'The outbox is empty.';
      return messages.map(describeMessage).join(`\n\n${'-'.repeat(72)}\n\n`);
    },
  },
];

export const accountCommands: AnyCommand[] = [bootstrapAdmin, ...staffCommands];

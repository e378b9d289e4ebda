import {
  DEFAULT_LOCALE,
  STAFF_ROLES,
  createUserBodySchema,
  outboxQuerySchema,
  staffBootstrapBodySchema,
  staffInviteBodySchema,
  staffRolesSchema,
  type OutboxMessage,
  type StaffAccount,
  type StaffInvitation,
  type StaffMe,
  type StaffRequest,
  type User,
} from '@playhouse/shared';
import { createAccountEmails } from '../../services/accounts/account-emails';
import { ForbiddenError } from '../../services/auth/auth-errors';
import { createAccountServices } from '../../services/accounts/account-services';
import { createStaffInvitationService } from '../../services/staff/staff-invitation-service';
import { countActiveAdmins } from '../../services/staff/staff-queries';
import { createStaffService } from '../../services/staff/staff-service';
import { describeRequest, requestCommands } from './cashbox';
import {
  UsageError,
  stringOption,
  type AnyCommand,
  type CommandInput,
  type DatabaseCommand,
  type OpsCommand,
  type OpsTarget,
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

/**
 * The founding of a site's admins, on the database itself (whoever can open it is the operator, and could write any
 * row anyway). The first admin is the console's own holder, so its password is typed here; the second is invited (the
 * invitee sets their own password and second factor) because four eyes need two admins to exist. From then on, admins
 * come through the api, a second admin approving.
 */
const bootstrapAdmin: DatabaseCommand = {
  name: 'bootstrap-admin',
  args: '<email> [password]',
  summary:
    'Found the admins of a new site, on the database itself: with no active admin, create the first one (the ' +
    'password given here; TOTP is set up at the first sign-in); with exactly one, invite the second by e-mail (they ' +
    'set their own password and TOTP). Refused once two active admins exist: later admins are invited through the ' +
    'api and approved by a second admin',
  options: {
    username: { type: 'string', description: 'username (default: from the e-mail address)' },
  },
  database: true,
  run: async (input, { db, config }) => {
    const [email, password] = input.positionals;
    const services = createAccountServices({
      db,
      config,
      logger: { warn: (details, message) => console.error(message, details) },
    });
    const admins = await countActiveAdmins(db);
    if (admins === 0) {
      const parsed = staffBootstrapBodySchema.safeParse({ email, password, username: stringOption(input, 'username') });
      if (!parsed.success) throw new UsageError(problems(parsed.error.issues));
      const staff = createStaffService({ db, accounts: services.accounts, sessions: services.sessions });
      return `Created ${describeStaff(await staff.bootstrapAdmin(parsed.data))}`;
    }
    if (admins > 1) {
      throw new ForbiddenError(
        'Two active admins exist: invite staff through the api (`invite-staff`); a second admin approves.',
      );
    }
    if (password !== undefined) {
      throw new ForbiddenError(
        'An active admin exists: the second admin is invited and sets their own password; give only the e-mail address.',
      );
    }
    const parsed = staffInviteBodySchema.safeParse({
      email,
      username: stringOption(input, 'username'),
      roles: ['admin'],
    });
    if (!parsed.success) throw new UsageError(problems(parsed.error.issues));
    const emails = createAccountEmails({ db, email: services.email, siteUrl: config.siteUrl });
    const invitations = createStaffInvitationService({
      db,
      accounts: services.accounts,
      sessions: services.sessions,
      ask: async () => {
        throw new UsageError('The console founds the second admin only.');
      },
      send: (to, _locale, token, hours) =>
        emails.staffInvitation(to, { locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE }, token, hours),
    });
    const invitation = await invitations.foundSecondAdmin(parsed.data);
    await services.email.drain();
    return `Invited ${describeInvitation(invitation)}: the link went to that address (SMTP or the server's mail folder).`;
  },
};

function describeInvitation(invitation: StaffInvitation): string {
  return `${invitation.email} as ${invitation.roles.join(', ')} (invitation ${invitation.id}, until ${invitation.expiresAt})`;
}

/** Invites a staff member through the api: sent at once, or a request a second admin approves. */
async function inviteStaff(input: CommandInput, target: OpsTarget): Promise<string> {
  const [email] = input.positionals;
  const roles = rolesOption(input, input.options.admin === true ? 'admin' : undefined);
  const parsed = staffInviteBodySchema.safeParse({ email, username: stringOption(input, 'username'), roles });
  if (!parsed.success) throw new UsageError(problems(parsed.error.issues));
  const answer = await target.api.post<{ invitation: StaffInvitation } | { request: StaffRequest }>(
    '/spa/staff/accounts',
    parsed.data,
  );
  if ('invitation' in answer) return `Invited ${describeInvitation(answer.invitation)}`;
  return [
    'These roles touch money or players: a second admin approves the invitation (`approve-request accounts <id>`).',
    describeRequest(answer.request),
  ].join('\n');
}

const REQUEST_AREAS = {
  accounts: '/spa/staff/accounts/requests',
  settings: '/spa/staff/settings/requests',
  campaigns: '/spa/staff/campaigns/requests',
  trading: '/spa/staff/trading/requests',
} as const;

function areaOf(input: CommandInput): string {
  const area = input.positionals[0] ?? '';
  if (!Object.hasOwn(REQUEST_AREAS, area)) {
    throw new UsageError(`The area is one of ${Object.keys(REQUEST_AREAS).join(', ')}.`);
  }
  return REQUEST_AREAS[area as keyof typeof REQUEST_AREAS];
}

/** The request commands name the area first; the shared helpers read the request id as their first argument. */
const shifted = (input: CommandInput): CommandInput => ({ ...input, positionals: input.positionals.slice(1) });

/** invite-staff's options, and create-staff's (its old name). */
const INVITE_OPTIONS: OpsCommand['options'] = {
  roles: { type: 'string', description: `comma-separated: ${STAFF_ROLES.join(', ')}` },
  admin: { type: 'boolean', description: 'the same as --roles admin' },
  username: { type: 'string', description: 'username (default: from the e-mail address)' },
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
    name: 'invite-staff',
    args: '<email>',
    summary:
      'Invite a staff member (admins): the link goes to their address and they set their own password and TOTP; ' +
      'roles that touch money or players wait for a second admin',
    options: INVITE_OPTIONS,
    run: inviteStaff,
  },
  {
    name: 'create-staff',
    args: '<email>',
    summary: 'The same as invite-staff (staff are invited now: nobody chooses another member’s password)',
    options: INVITE_OPTIONS,
    run: inviteStaff,
  },
  ...requestCommands({
    names: { list: 'requests', approve: 'approve-request', reject: 'reject-request' },
    summaries: {
      list: `List the four-eyes requests of an area: ${Object.keys(REQUEST_AREAS).join(', ')}`,
      approve: 'Approve a request another staff member asked for in an area (never your own): it is carried out',
      reject: 'Turn down (or withdraw one of your own) requests of an area',
    },
    what: 'request(s)',
    args: '<area>',
    locate: (input) => ({ path: areaOf(input), input: shifted(input) }),
  }),
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
    summary:
      "Replace a staff member's roles (admins; not one's own); adding one that touches money or players waits for " +
      'a second admin',
    options: { roles: { type: 'string', description: `comma-separated: ${STAFF_ROLES.join(', ')}` } },
    run: async (input, target) => {
      const id = Number(input.positionals[0]);
      if (!Number.isInteger(id) || id < 1) throw new UsageError('The staff member is their numeric id (see `staff`).');
      const answer = await target.api.put<{ account: StaffAccount } | { request: StaffRequest }>(
        `/spa/staff/accounts/${id}/roles`,
        { roles: rolesOption(input) },
      );
      if ('account' in answer) return `Now ${describeStaff(answer.account)}`;
      return [
        'A role that touches money or players: a second admin approves (`approve-request accounts <id>`).',
        describeRequest(answer.request),
      ].join('\n');
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

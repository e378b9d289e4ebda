import { z } from 'zod';
import { STAFF_PERMISSION_NAMES, STAFF_ROLES } from '../staff/permissions';
import { sortableBy, staffPageSchema } from '../staff/paging';
import { LOCALES } from '../locales';
import { FIELD_RULES, userSchema } from './accounts';

// Staff sign-in: the password, then a TOTP code (or, the first time, setting TOTP up).

export const STAFF_SIGN_IN_STEPS = ['totp', 'totp_setup'] as const;
export type StaffSignInStep = (typeof STAFF_SIGN_IN_STEPS)[number];

/** The answer to the password step: which second step follows, and until when the sign-in waits for it. */
export const staffSignInResponseSchema = z
  .object({ step: z.enum(STAFF_SIGN_IN_STEPS), expiresAt: z.string() })
  .meta({ id: 'StaffSignIn' });
export type StaffSignInResponse = z.infer<typeof staffSignInResponseSchema>;

export const staffSignInStepResponseSchema = z.object({ step: z.enum(STAFF_SIGN_IN_STEPS) });

/** A new TOTP secret for the set-up screen: the otpauth:// URI for the QR code and the secret to type in. */
export const staffTotpSetupResponseSchema = z
  .object({ secret: z.string(), uri: z.string(), account: z.string() })
  .meta({ id: 'StaffTotpSetup' });
export type StaffTotpSetup = z.infer<typeof staffTotpSetupResponseSchema>;

/** Six digits; spaces that authenticator apps show in the middle are ignored. */
export const totpCodeSchema = z
  .string()
  .max(20)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'six digits'));
export const staffTotpBodySchema = z.object({ code: totpCodeSchema }).meta({ id: 'StaffTotpBody' });
/** A code entered again in a staff session: when it was verified (money and roles need one a moment old). */
export const staffSecondFactorResponseSchema = z
  .object({ secondFactorAt: z.string() })
  .meta({ id: 'StaffSecondFactorResponse' });
export type StaffSecondFactorResponse = z.infer<typeof staffSecondFactorResponseSchema>;

// The signed-in staff member, and the staff accounts admins manage.

export const staffRolesSchema = z
  .array(z.enum(STAFF_ROLES))
  .min(1)
  .max(STAFF_ROLES.length)
  .transform((roles) => [...new Set(roles)]);

export const staffMeResponseSchema = z
  .object({
    user: userSchema,
    roles: z.array(z.enum(STAFF_ROLES)),
    permissions: z.array(z.enum(STAFF_PERMISSION_NAMES as [string, ...string[]])),
    /** A staff session ends after this long without a request; the back office sends its member to sign in then. */
    idleTimeoutMs: z.number().int(),
    /** When this session's last authenticator code was verified: money and roles need one from the last minutes. */
    secondFactorAt: z.string().nullable(),
  })
  .meta({ id: 'StaffMe' });
export type StaffMe = z.infer<typeof staffMeResponseSchema>;

export const staffAccountSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    status: z.enum(['active', 'blocked']),
    roles: z.array(z.enum(STAFF_ROLES)),
    /** False until the staff member set up TOTP at their first sign-in (or after an admin reset it). */
    totpEnabled: z.boolean(),
    createdBy: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffAccount' });
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountsResponseSchema = z.object({ items: z.array(staffAccountSchema) });
export const staffAccountResponseSchema = z.object({ account: staffAccountSchema });
export const staffAccountParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * The first admin of a new site, from the operator's console on the database (`npm run ops -- bootstrap-admin`): the
 * one account ever made with a password someone else typed, because that someone is its holder at the console.
 */
export const staffBootstrapBodySchema = z
  .object({
    email: FIELD_RULES.email,
    password: FIELD_RULES.newPassword,
    username: FIELD_RULES.username.optional(),
  })
  .meta({ id: 'StaffBootstrapBody' });
export type StaffBootstrapBody = z.input<typeof staffBootstrapBodySchema>;

/**
 * An invitation to the staff: the e-mail goes to the invitee, who sets their own password and second factor. No
 * password is taken here (strict: a password sent along is refused), so nobody holds another member's factors.
 */
export const staffInviteBodySchema = z
  .object({
    email: FIELD_RULES.email,
    username: FIELD_RULES.username.optional(),
    roles: staffRolesSchema,
    /** The language of the invitation e-mail and the link's page. */
    locale: z.enum(LOCALES).default('en'),
  })
  .strict()
  .meta({ id: 'StaffInviteBody' });
export type StaffInviteBody = z.input<typeof staffInviteBodySchema>;

export const STAFF_INVITATION_STATUSES = ['sent', 'accepted', 'expired'] as const;
export const staffInvitationSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    username: z.string().nullable(),
    roles: z.array(z.enum(STAFF_ROLES)),
    status: z.enum(STAFF_INVITATION_STATUSES),
    /** The admin who invited (null: the operator's console, founding the site's second admin). */
    invitedBy: z.number().int().nullable(),
    /** The second admin who approved it, for roles that touch money or players. */
    approvedBy: z.number().int().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'StaffInvitation' });
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
export const staffInvitationResponseSchema = z.object({ invitation: staffInvitationSchema });
export const staffInvitationsResponseSchema = z.object({ items: z.array(staffInvitationSchema) });

/** The invitation link's token: 32 random bytes, base64url. */
export const staffInvitationTokenSchema = z
  .string()
  .length(43)
  .regex(/^[A-Za-z0-9_-]+$/);
export const staffInvitationOpenBodySchema = z
  .object({ token: staffInvitationTokenSchema })
  .meta({ id: 'StaffInvitationOpen' });
/** What the invitee sees: who they are invited as, and the second factor to scan (the same one until accepted). */
export const staffInvitationViewSchema = z
  .object({
    email: z.string(),
    username: z.string().nullable(),
    roles: z.array(z.enum(STAFF_ROLES)),
    expiresAt: z.string(),
    totp: staffTotpSetupResponseSchema,
  })
  .meta({ id: 'StaffInvitationView' });
export type StaffInvitationView = z.infer<typeof staffInvitationViewSchema>;
export const staffInvitationAcceptBodySchema = z
  .object({ token: staffInvitationTokenSchema, password: FIELD_RULES.newPassword, code: totpCodeSchema })
  .meta({ id: 'StaffInvitationAccept' });
export type StaffInvitationAcceptBody = z.input<typeof staffInvitationAcceptBodySchema>;
export const staffRolesBodySchema = z.object({ roles: staffRolesSchema }).meta({ id: 'StaffRolesBody' });
export const staffReasonBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });

// Four eyes: staff money actions as requests that a second staff member approves.

export const STAFF_REQUEST_KINDS = [
  'balance_adjustment',
  'bonus_offer',
  // Staff: an invitation to, or a grant of, a role that touches money or players.
  'staff_invitation',
  'staff_roles',
  // Settings that widen what one person may do alone.
  'adjustment_threshold',
  'campaign_limits',
  // Marketing: a campaign goes live, an edit of one, a promo code.
  'campaign_publish',
  'campaign_edit',
  'promo_code',
  // Trading: a result changed after the market paid out.
  'result_change',
] as const;
export type StaffRequestKind = (typeof STAFF_REQUEST_KINDS)[number];
export const STAFF_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type StaffRequestStatus = (typeof STAFF_REQUEST_STATUSES)[number];

export const staffRequestSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(STAFF_REQUEST_KINDS),
    status: z.enum(STAFF_REQUEST_STATUSES),
    /** The account concerned (a player, or the staff member whose roles change); none for settings and campaigns. */
    subject: z.object({ id: z.number().int(), login: z.string() }).nullable(),
    /**
     * What is asked: `{ amount, currency, reason }` for an adjustment, `{ campaign }` for a bonus offer, `{ email,
     * roles }` for an invitation, `{ roles, before }` for a role change, the new values of a setting, `{ campaignId,
     * slug, ... }` for marketing, `{ marketId, matchId, status, results }` for a result change.
     */
    payload: z.record(z.string(), z.unknown()),
    requestedBy: z.number().int(),
    requestedAt: z.string(),
    decidedBy: z.number().int().nullable(),
    decidedAt: z.string().nullable(),
    decisionReason: z.string().nullable(),
    /** What the approval did: `{ transferId, mainBalance }`, `{ bonusId }`, `{ invitationId }`, ... */
    result: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'StaffRequest' });
export type StaffRequest = z.infer<typeof staffRequestSchema>;
export const staffRequestResponseSchema = z.object({ request: staffRequestSchema });
export const staffRequestsQuerySchema = z.object({
  status: z.enum(STAFF_REQUEST_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export const staffRequestsResponseSchema = z.object({
  items: z.array(staffRequestSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export const staffRequestParamsSchema = z.object({ id: z.uuid() });

/** A four-eyes request as the back office's request lists show it: with who asked and who decided. */
export const staffFourEyesRequestSchema = staffRequestSchema
  .extend({
    requester: z.object({ id: z.number().int(), login: z.string() }),
    decider: z.object({ id: z.number().int(), login: z.string() }).nullable(),
  })
  .meta({ id: 'StaffFourEyesRequest' });
export type StaffFourEyesRequest = z.infer<typeof staffFourEyesRequestSchema>;
export const staffFourEyesRequestsResponseSchema = z.object({
  items: z.array(staffFourEyesRequestSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
/** An answer that asked rather than did: the request a second staff member decides. */
export const staffRequestAcceptedSchema = z
  .object({ request: staffRequestSchema })
  .meta({ id: 'StaffRequestAccepted' });
/** An invitation: sent at once, or the request a second admin approves first. */
export const staffInviteAnswerSchema = z.union([staffInvitationResponseSchema, staffRequestAcceptedSchema]);
export type StaffInviteAnswer = z.infer<typeof staffInviteAnswerSchema>;
/** A role change: done at once (narrowing), or the request a second admin approves (a grant). */
export const staffRolesAnswerSchema = z.union([staffAccountResponseSchema, staffRequestAcceptedSchema]);
export type StaffRolesAnswer = z.infer<typeof staffRolesAnswerSchema>;

// The audit log.

/** A moment (ISO date-time with offset) or a whole day (YYYY-MM-DD: from its start, or to its end). */
const auditMomentSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** GET /spa/staff/audit: the paging contract (sortable by time, event, actor, account) and the log's filters. */
export const auditQuerySchema = sortableBy(['createdAt', 'event', 'actorId', 'userId']).extend({
  /** The staff member (or player) who acted, by id. */
  actorId: z.coerce.number().int().positive().optional(),
  /** The one who acted, by the start of their username or e-mail. */
  actor: z.string().trim().min(1).max(100).optional(),
  /** The account the event is about. */
  userId: z.coerce.number().int().positive().optional(),
  /** An event name, or a prefix followed by `*` (`staff_withdrawal_*`). */
  event: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,60}\*?$/, 'an event name, or a prefix followed by *')
    .optional(),
  from: auditMomentSchema.optional(),
  to: auditMomentSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    event: z.string(),
    userId: z.number().int().nullable(),
    /** The account's username, for reading the log without looking ids up. */
    userLogin: z.string().nullable(),
    actorId: z.number().int().nullable(),
    actorLogin: z.string().nullable(),
    ip: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = staffPageSchema(auditEntrySchema);

/** Error codes of the staff calls (beside the general ones in errors.ts); the web maps each to a message. */
export const STAFF_ERROR_CODES = [
  'staff_sign_in_required',
  'staff_sign_in_expired',
  'staff_sign_in_step',
  'invalid_totp_code',
  'four_eyes_required',
  'own_account',
  'request_not_pending',
  'invitation_not_found',
  'user_exists',
  'withdrawal_held',
  'campaign_beyond_limits',
  'campaign_edit_pending',
] as const;

import { z } from 'zod';
import { positiveAmountSchema } from './amount';

/*
 * Player protection and verification (issue 10): limits, reality checks, time-outs, self-exclusion, closure, identity
 * documents, jurisdiction profiles, statements and markers of harm.
 */

/** Error codes of the protection rules; `fields` of a limit refusal carry kind, period, remaining and resetsAt. */
export const PROTECTION_ERROR_CODES = [
  'limit_exceeded',
  'session_limit_reached',
  'reality_check_due',
  'player_restricted',
  'verification_required',
  'limits_required',
  'limit_not_pending',
  'limit_cooling',
  'restriction_active',
  'restriction_not_ended',
  'account_closed',
  'invalid_password',
  'document_rejected_type',
  'document_too_large',
  'document_already_reviewed',
] as const;
export type ProtectionErrorCode = (typeof PROTECTION_ERROR_CODES)[number];

export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
/** Money limits count per rolling day, week or month; the session limit is minutes per signed-in session. */
export const MONEY_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export const PLAYER_LIMIT_PERIODS = [...MONEY_LIMIT_PERIODS, 'session'] as const;
export type PlayerLimitPeriod = (typeof PLAYER_LIMIT_PERIODS)[number];

export const playerLimitSchema = z
  .object({
    kind: z.enum(LIMIT_KINDS),
    period: z.enum(PLAYER_LIMIT_PERIODS),
    /** In force: a decimal amount (money) or whole minutes (session); null: none. */
    amount: z.string().nullable(),
    /** A raise or removal (null) the player asked for; it needs their confirmation from pendingEffectiveAt on. */
    pendingAmount: z.string().nullable(),
    pendingEffectiveAt: z.string().nullable(),
    /** Money used in the rolling window (deposits, net loss, stakes); null for the session limit. */
    used: z.string().nullable(),
    remaining: z.string().nullable(),
  })
  .meta({ id: 'PlayerLimit' });
export type PlayerLimit = z.infer<typeof playerLimitSchema>;

export const RESTRICTION_KINDS = ['timeout', 'self_exclusion', 'closure'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];
export const TIMEOUT_DURATIONS = ['24h', '1w', '1m', '6w'] as const;
export const EXCLUSION_DURATIONS = ['6m', '1y', '5y', 'permanent'] as const;
export type RestrictionDuration = (typeof TIMEOUT_DURATIONS)[number] | (typeof EXCLUSION_DURATIONS)[number];
export const CLOSURE_REASONS = [
  'not_interested',
  'too_much_time',
  'too_much_money',
  'other_site',
  'unhappy_service',
  'other',
] as const;

/**
 * Where a player stands: `active` plays freely; `restricted` is inside a time-out, exclusion or closure;
 * `ended` has served it but has not asked to come back; `returning` asked and waits out the 24 hours.
 */
export const RESTRICTION_STATES = ['active', 'restricted', 'ended', 'returning'] as const;

export const restrictionStatusSchema = z
  .object({
    state: z.enum(RESTRICTION_STATES),
    kind: z.enum(RESTRICTION_KINDS).nullable(),
    duration: z.string().nullable(),
    startedAt: z.string().nullable(),
    /** null while permanent or closed (closure ends when the player asks to reopen). */
    endsAt: z.string().nullable(),
    returnsAt: z.string().nullable(),
  })
  .meta({ id: 'RestrictionStatus' });
export type RestrictionStatus = z.infer<typeof restrictionStatusSchema>;

export const DOCUMENT_TYPES = ['identity', 'address', 'payment_method'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** What an upload may be, judged by its content: JPEG, PNG, WebP or PDF, at most 5 MiB. */
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export const documentSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(DOCUMENT_TYPES),
    status: z.enum(['pending', 'verified', 'rejected']),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    reason: z.string().nullable(),
    uploadedAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .meta({ id: 'KycDocument' });
export type KycDocument = z.infer<typeof documentSchema>;

export const verificationSchema = z
  .object({
    /** Per type: the latest document's status (none before any upload). */
    statuses: z.record(z.enum(DOCUMENT_TYPES), z.enum(DOCUMENT_STATUSES)),
    documents: z.array(documentSchema),
    /** What still needs verification before each gated action, under the player's profile. */
    gates: z.record(z.string(), z.array(z.enum(DOCUMENT_TYPES))),
  })
  .meta({ id: 'Verification' });
export type Verification = z.infer<typeof verificationSchema>;
export const documentTypeParamsSchema = z.object({ type: z.enum(DOCUMENT_TYPES) });

export const VERIFICATION_GATES = ['deposit', 'realPlay', 'demoPlay', 'withdrawal'] as const;
export type VerificationGate = (typeof VERIFICATION_GATES)[number];

export const jurisdictionProfileSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    /** Documents that must be verified before each action. */
    gates: z.record(z.enum(VERIFICATION_GATES), z.array(z.enum(DOCUMENT_TYPES))),
    realityCheckDefaultMinutes: z.number().int().nullable(),
    /** A deposit limit must be set before the first deposit. */
    limitsRequiredAtRegistration: z.boolean(),
    maxBonusWagering: z.number().int().nullable(),
    demoNeedsAgeVerification: z.boolean(),
    /** Whether sports bets count towards a casino bonus's wagering (and casino play towards a sports one). */
    combineCasinoAndSportsBonuses: z.boolean(),
  })
  .meta({ id: 'JurisdictionProfile' });
export type JurisdictionProfile = z.infer<typeof jurisdictionProfileSchema>;

export const jurisdictionResponseSchema = z
  .object({
    /** The installation's profile: visitors and players of countries without one of their own. */
    active: jurisdictionProfileSchema,
    /** Countries (ISO 3166 alpha-2) whose players follow another profile. */
    countries: z.record(z.string(), z.string()),
  })
  .meta({ id: 'Jurisdiction' });

export const REALITY_CHECK_CHOICES = [15, 30, 45, 60, 90, 120] as const;

export const protectionResponseSchema = z
  .object({
    profile: jurisdictionProfileSchema,
    currency: z.string(),
    limits: z.array(playerLimitSchema),
    /** Minutes between reality checks; null: off. */
    realityCheckMinutes: z.number().int().nullable(),
    restriction: restrictionStatusSchema,
    verification: z.record(z.enum(DOCUMENT_TYPES), z.enum(DOCUMENT_STATUSES)),
  })
  .meta({ id: 'Protection' });
export type ProtectionResponse = z.infer<typeof protectionResponseSchema>;

export const putPlayerLimitBodySchema = z
  .object({
    kind: z.enum(LIMIT_KINDS).default('deposit'),
    period: z.enum(PLAYER_LIMIT_PERIODS),
    /** Money as a decimal amount, the session limit in whole minutes (10 to 1440); null removes it. */
    amount: positiveAmountSchema.nullable(),
  })
  .meta({ id: 'PutPlayerLimitBody' });
export type PutPlayerLimitBody = z.infer<typeof putPlayerLimitBodySchema>;
export const confirmLimitBodySchema = z
  .object({ kind: z.enum(LIMIT_KINDS), period: z.enum(PLAYER_LIMIT_PERIODS) })
  .meta({ id: 'ConfirmLimitBody' });
export const playerLimitsResponseSchema = z.object({ limits: z.array(playerLimitSchema) });

export const putRealityCheckBodySchema = z
  .object({ minutes: z.union([z.literal(REALITY_CHECK_CHOICES), z.null()]) })
  .meta({ id: 'PutRealityCheckBody' });

export const realityCheckSchema = z
  .object({
    intervalMinutes: z.number().int().nullable(),
    sessionStartedAt: z.string(),
    /** The last answered check (or the session's start): the next is due intervalMinutes after it. */
    lastCheckAt: z.string(),
    dueAt: z.string().nullable(),
    due: z.boolean(),
    /** Wins minus stakes since the session started, as a signed decimal. */
    net: z.string(),
    staked: z.string(),
    currency: z.string(),
    serverNow: z.string(),
  })
  .meta({ id: 'RealityCheck' });
export type RealityCheck = z.infer<typeof realityCheckSchema>;

const passwordSchema = z.string().min(1).max(128);

export const restrictBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('timeout'), duration: z.enum(TIMEOUT_DURATIONS), password: passwordSchema }),
  z.object({ kind: z.literal('self_exclusion'), duration: z.enum(EXCLUSION_DURATIONS), password: passwordSchema }),
  z.object({
    kind: z.literal('closure'),
    reason: z.enum(CLOSURE_REASONS),
    note: z.string().trim().max(500).optional(),
    password: passwordSchema,
  }),
]);
export type RestrictBody = z.infer<typeof restrictBodySchema>;
export const returnBodySchema = z.object({ password: passwordSchema }).meta({ id: 'ReturnBody' });

export const statementRowSchema = z
  .object({
    month: z.string(),
    deposits: z.string(),
    withdrawals: z.string(),
    bets: z.string(),
    wins: z.string(),
    /** wins - bets */
    net: z.string(),
  })
  .meta({ id: 'StatementRow' });
export const statementResponseSchema = z
  .object({
    currency: z.string(),
    from: z.string(),
    to: z.string(),
    months: z.array(statementRowSchema),
    totals: statementRowSchema.omit({ month: true }),
    /** Deposits minus paid and pending withdrawals, over the whole account's life. */
    netDeposits: z.string(),
  })
  .meta({ id: 'Statement' });
export type StatementResponse = z.infer<typeof statementResponseSchema>;

// Staff

export const HARM_RULES = [
  'deposit_spike',
  'declined_deposits',
  'night_play',
  'limit_raises',
  'reality_check_overrun',
] as const;
export type HarmRule = (typeof HARM_RULES)[number];

export const harmFlagSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    login: z.string(),
    rule: z.enum(HARM_RULES),
    details: z.record(z.string(), z.unknown()),
    flaggedAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .meta({ id: 'HarmFlag' });
export type HarmFlag = z.infer<typeof harmFlagSchema>;
export const harmFlagsResponseSchema = z.object({ items: z.array(harmFlagSchema) });

export const staffDocumentSchema = documentSchema
  .extend({ userId: z.number().int(), login: z.string() })
  .meta({ id: 'StaffKycDocument' });
export type StaffKycDocument = z.infer<typeof staffDocumentSchema>;
export const staffDocumentsResponseSchema = z.object({ items: z.array(staffDocumentSchema) });
export const staffDocumentsQuerySchema = z.object({
  status: z.enum(['pending', 'verified', 'rejected']).default('pending'),
});
export const reviewDocumentBodySchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(3).max(300) }),
]);
export type ReviewDocumentBody = z.infer<typeof reviewDocumentBodySchema>;

/** What tied a player to another account: the e-mail as the mailbox sees it, the phone, or name and birth date. */
export const EXCLUSION_MATCH_ON = ['email', 'phone', 'name_dob'] as const;

/** Another account of the same person that is self-excluded or closed for gambling (it bars this one too). */
export const exclusionMatchSchema = z
  .object({
    userId: z.number().int(),
    username: z.string(),
    on: z.array(z.enum(EXCLUSION_MATCH_ON)),
    kind: z.enum(['self_exclusion', 'closure']),
    since: z.string(),
  })
  .meta({ id: 'ExclusionMatch' });
export type ExclusionMatch = z.infer<typeof exclusionMatchSchema>;

export const staffPlayerProtectionSchema = z
  .object({
    userId: z.number().int(),
    profile: z.string(),
    limits: z.array(playerLimitSchema),
    realityCheckMinutes: z.number().int().nullable(),
    restriction: restrictionStatusSchema,
    verification: z.record(z.enum(DOCUMENT_TYPES), z.enum(DOCUMENT_STATUSES)),
    flags: z.array(harmFlagSchema),
    /** The player's other accounts that bar them (deposits are refused while there is one). */
    exclusionMatches: z.array(exclusionMatchSchema),
    /** Whether the national self-exclusion register lists the player. */
    nationalRegister: z.boolean(),
  })
  .meta({ id: 'StaffPlayerProtection' });

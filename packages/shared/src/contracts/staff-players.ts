import { z } from 'zod';
import { staffPageQuerySchema, staffPageSchema } from '../staff/paging';
import { bonusHistoryItemSchema } from './bonuses';
import { depositSchema, transactionSchema, withdrawalSchema } from './cashbox';
import { betSchema } from './sports';

// The back office's players screen: search, a player's page with its tabs, sessions, notes, tags, block.

export const PLAYER_STATUSES = ['active', 'blocked'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/** The columns the player search sorts by (a whitelist: anything else is a 400). */
export const PLAYER_SORTS = ['id', 'email', 'username', 'createdAt', 'status', 'country'] as const;
export type PlayerSort = (typeof PLAYER_SORTS)[number];

/**
 * The search: `q` matches an id (digits), an e-mail, a username or a phone number (any part of it); `status` and `tag`
 * narrow it.
 */
export const staffPlayerSearchQuerySchema = staffPageQuerySchema.extend({
  sort: z.enum(PLAYER_SORTS).default('id'),
  status: z.enum(PLAYER_STATUSES).optional(),
  tag: z
    .string()
    .trim()
    .toLowerCase()
    .max(32)
    .regex(/^[a-z0-9_-]*$/)
    .optional(),
});
export type StaffPlayerSearchQuery = z.infer<typeof staffPlayerSearchQuerySchema>;

export const staffPlayerRowSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    currency: z.string(),
    status: z.enum(PLAYER_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffPlayerRow' });
export type StaffPlayerRow = z.infer<typeof staffPlayerRowSchema>;
export const staffPlayerSearchResponseSchema = staffPageSchema(staffPlayerRowSchema).meta({ id: 'StaffPlayerSearch' });
export type StaffPlayerSearchResponse = z.infer<typeof staffPlayerSearchResponseSchema>;

export const staffPlayerParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A tag: a lower-case word of letters, digits, '-' and '_' (up to 32). */
export const playerTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'a lower-case word'));
export const staffPlayerTagParamsSchema = staffPlayerParamsSchema.extend({ tag: playerTagSchema });
export const staffPlayerTagBodySchema = z.object({ tag: playerTagSchema }).meta({ id: 'StaffPlayerTagBody' });

export const staffPlayerTagSchema = z.object({ tag: z.string(), addedBy: z.string(), addedAt: z.string() });

/** A player's personal data and standing (each view is audited). */
export const staffPlayerProfileSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    currency: z.string(),
    dateOfBirth: z.string().nullable(),
    /** The name given at registration (null for accounts from before it was asked). */
    fullName: z.string().nullable(),
    locale: z.string(),
    timezone: z.string().nullable(),
    promoCode: z.string().nullable(),
    status: z.enum(PLAYER_STATUSES),
    /** The reason given by the staff member who blocked the player (null when active). */
    blockedReason: z.string().nullable(),
    blockedAt: z.string().nullable(),
    createdAt: z.string(),
    termsAcceptedAt: z.string().nullable(),
    tags: z.array(staffPlayerTagSchema),
  })
  .meta({ id: 'StaffPlayerProfile' });
export type StaffPlayerProfile = z.infer<typeof staffPlayerProfileSchema>;
export const staffPlayerProfileResponseSchema = z.object({ player: staffPlayerProfileSchema });

export const staffPlayerBalancesSchema = z
  .object({ currency: z.string(), main: z.string(), bonus: z.string(), withdrawalsPending: z.string() })
  .meta({ id: 'StaffPlayerBalances' });
export type StaffPlayerBalances = z.infer<typeof staffPlayerBalancesSchema>;

/** The tabs' lists are pages of the query's size (no sort of their own: newest first). */
export const staffPlayerListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffPlayerListQuery = z.infer<typeof staffPlayerListQuerySchema>;

export const staffPlayerLedgerSchema = staffPageSchema(transactionSchema).meta({ id: 'StaffPlayerLedger' });
export const staffPlayerBetsSchema = staffPageSchema(betSchema).meta({ id: 'StaffPlayerBets' });
export const staffPlayerBonusesSchema = staffPageSchema(bonusHistoryItemSchema).meta({ id: 'StaffPlayerBonuses' });
export const staffPlayerPaymentsSchema = staffPageSchema(depositSchema).meta({ id: 'StaffPlayerPayments' });
export const staffPlayerWithdrawalsSchema = staffPageSchema(withdrawalSchema).meta({ id: 'StaffPlayerWithdrawals' });

/** A casino game round as the seamless wallet saw it: what was staked, won and rolled back. */
export const staffGameRoundSchema = z
  .object({
    provider: z.string(),
    roundId: z.string(),
    game: z.string().nullable(),
    currency: z.string(),
    bet: z.string(),
    win: z.string(),
    rolledBack: z.string(),
    calls: z.number().int(),
    startedAt: z.string(),
    lastAt: z.string(),
  })
  .meta({ id: 'StaffGameRound' });
export type StaffGameRound = z.infer<typeof staffGameRoundSchema>;
export const staffPlayerRoundsSchema = staffPageSchema(staffGameRoundSchema).meta({ id: 'StaffPlayerRounds' });

/** A live site session (the real-money game sessions it opened live and end with it). */
export const staffPlayerSessionSchema = z
  .object({
    id: z.number().int(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'StaffPlayerSession' });
export type StaffPlayerSession = z.infer<typeof staffPlayerSessionSchema>;
export const staffPlayerSessionsSchema = z
  .object({ items: z.array(staffPlayerSessionSchema) })
  .meta({ id: 'StaffPlayerSessions' });
export const staffEndSessionsResponseSchema = z.object({ ended: z.number().int() });

export const staffPlayerNoteSchema = z
  .object({ id: z.number().int(), body: z.string(), author: z.string(), createdAt: z.string() })
  .meta({ id: 'StaffPlayerNote' });
export type StaffPlayerNote = z.infer<typeof staffPlayerNoteSchema>;
export const staffPlayerNotesSchema = z
  .object({ items: z.array(staffPlayerNoteSchema) })
  .meta({ id: 'StaffPlayerNotes' });
export const staffPlayerNoteBodySchema = z
  .object({ body: z.string().trim().min(1).max(2000) })
  .meta({ id: 'StaffPlayerNoteBody' });

/** Block or unblock: a reason is required (it goes to the audit log and the profile). */
export const staffPlayerReasonBodySchema = z
  .object({ reason: z.string().trim().min(3).max(500) })
  .meta({ id: 'StaffPlayerReasonBody' });

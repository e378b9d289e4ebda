import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx, Tx } from '@playhouse/db';
import {
  bonusCampaigns,
  campaignLimits,
  games,
  payments,
  promoCodes,
  providers,
  userBonuses,
  users,
} from '@playhouse/db/schema';
import type { BonusCampaignRow, UserBonusRow } from './bonus-engine-queries';

/** The bonus domain's SQL: campaigns, their promo codes and the players' bonuses (the engine keeps its locks). */

export type NewUserBonus = typeof userBonuses.$inferInsert;
export type NewCampaign = typeof bonusCampaigns.$inferInsert;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type NewPromoCode = typeof promoCodes.$inferInsert;

// Campaigns

/** Campaigns by id (absent ids are left out). */
export async function campaignsById(executor: DbOrTx, ids: number[]): Promise<Map<number, BonusCampaignRow>> {
  if (ids.length === 0) return new Map();
  const rows = await executor.select().from(bonusCampaigns).where(inArray(bonusCampaigns.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findCampaign(executor: DbOrTx, id: number): Promise<BonusCampaignRow | undefined> {
  const [row] = await executor.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, id));
  return row;
}

export async function findCampaignBySlug(executor: DbOrTx, slug: string): Promise<BonusCampaignRow | undefined> {
  const [row] = await executor.select().from(bonusCampaigns).where(eq(bonusCampaigns.slug, slug));
  return row;
}

export async function lockCampaignRow(tx: Tx, id: number): Promise<BonusCampaignRow | undefined> {
  const [row] = await tx.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, id)).for('update');
  return row;
}

export function allCampaigns(executor: DbOrTx): Promise<BonusCampaignRow[]> {
  return executor.select().from(bonusCampaigns).orderBy(asc(bonusCampaigns.id));
}

/** Campaigns players can get now (active, not ended, approved by a second marketing member), filtered further. */
export function liveCampaigns(executor: DbOrTx, where: SQL | undefined): Promise<BonusCampaignRow[]> {
  return executor
    .select()
    .from(bonusCampaigns)
    .where(
      and(eq(bonusCampaigns.active, true), isNull(bonusCampaigns.endedAt), isNotNull(bonusCampaigns.approvedAt), where),
    )
    .orderBy(asc(bonusCampaigns.id));
}

export const campaignTriggerIn = (triggers: BonusCampaignRow['trigger'][]) => inArray(bonusCampaigns.trigger, triggers);
export const campaignKindIs = (kind: BonusCampaignRow['kind']) => eq(bonusCampaigns.kind, kind);
export const campaignSlugIn = (slugs: string[]) => inArray(bonusCampaigns.slug, slugs);

// Campaign limits (per currency)

export type CampaignLimitRow = typeof campaignLimits.$inferSelect;

/** A currency's limits row, undefined when the defaults hold; read, or locked `FOR SHARE`/`FOR UPDATE`. */
export async function campaignLimitRow(
  executor: DbOrTx,
  currency: string,
  lock: 'share' | 'update' | null,
): Promise<CampaignLimitRow | undefined> {
  const query = executor.select().from(campaignLimits).where(eq(campaignLimits.currency, currency));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

/** The limits set for some currencies, with the login of who set each. */
export function campaignLimitsWithEditors(executor: DbOrTx, currencies: readonly string[]) {
  return executor
    .select({ limit: campaignLimits, login: users.email })
    .from(campaignLimits)
    .innerJoin(users, eq(users.id, campaignLimits.updatedBy))
    .where(inArray(campaignLimits.currency, [...currencies]));
}

export async function upsertCampaignLimits(executor: DbOrTx, values: typeof campaignLimits.$inferInsert) {
  const { currency: _currency, ...set } = values;
  await executor.insert(campaignLimits).values(values).onConflictDoUpdate({ target: campaignLimits.currency, set });
}

export async function insertCampaign(tx: Tx, values: NewCampaign): Promise<BonusCampaignRow | undefined> {
  const [row] = await tx
    .insert(bonusCampaigns)
    .values(values)
    .onConflictDoNothing({ target: bonusCampaigns.slug })
    .returning();
  return row;
}

export async function updateCampaign(
  tx: Tx,
  id: number,
  values: Partial<NewCampaign>,
): Promise<BonusCampaignRow | undefined> {
  const [row] = await tx.update(bonusCampaigns).set(values).where(eq(bonusCampaigns.id, id)).returning();
  return row;
}

const CAMPAIGN_SORT_COLUMNS = {
  id: bonusCampaigns.id,
  slug: bonusCampaigns.slug,
  createdAt: bonusCampaigns.createdAt,
  updatedAt: bonusCampaigns.updatedAt,
} as const;

export interface CampaignFilter {
  status?: 'pending' | 'active' | 'paused' | 'ended';
  trigger?: BonusCampaignRow['trigger'];
  /** A LIKE pattern, already escaped, matched against the slug and the English name. */
  search?: string;
  sort?: keyof typeof CAMPAIGN_SORT_COLUMNS;
  dir?: 'asc' | 'desc';
}

function statusFilter(status: CampaignFilter['status']): SQL | undefined {
  if (status === 'ended') return isNotNull(bonusCampaigns.endedAt);
  const approved = isNotNull(bonusCampaigns.approvedAt);
  if (status === 'pending') return and(isNull(bonusCampaigns.endedAt), isNull(bonusCampaigns.approvedAt));
  if (status === 'active') return and(isNull(bonusCampaigns.endedAt), approved, eq(bonusCampaigns.active, true));
  if (status === 'paused') return and(isNull(bonusCampaigns.endedAt), approved, eq(bonusCampaigns.active, false));
  return undefined;
}

/** A page of campaigns with how many offers each made, and the filtered total. */
export async function campaignPage(
  executor: DbOrTx,
  filter: CampaignFilter,
  window: { limit: number; offset: number },
) {
  const offersCount =
    sql<number>`(select count(*)::int from user_bonuses ub where ub.campaign_id = bonus_campaigns.id)`.mapWith(Number);
  const where = and(
    statusFilter(filter.status),
    filter.trigger ? eq(bonusCampaigns.trigger, filter.trigger) : undefined,
    filter.search
      ? or(ilike(bonusCampaigns.slug, filter.search), sql`${bonusCampaigns.names}->>'en' ilike ${filter.search}`)
      : undefined,
  );
  const column = CAMPAIGN_SORT_COLUMNS[filter.sort ?? 'id'];
  const order = filter.dir === 'asc' ? asc(column) : desc(column);
  const [rows, [total]] = await Promise.all([
    executor
      .select({ row: bonusCampaigns, offers: offersCount })
      .from(bonusCampaigns)
      .where(where)
      .orderBy(order, asc(bonusCampaigns.id))
      .limit(window.limit)
      .offset(window.offset),
    executor.select({ value: count() }).from(bonusCampaigns).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** How many offers a campaign made, and how many of them are being wagered now. */
export async function campaignOfferCounts(executor: DbOrTx, campaignId: number) {
  const [[offers], [running]] = await Promise.all([
    executor.select({ value: count() }).from(userBonuses).where(eq(userBonuses.campaignId, campaignId)),
    executor
      .select({ value: count() })
      .from(userBonuses)
      .where(and(eq(userBonuses.campaignId, campaignId), eq(userBonuses.status, 'active'))),
  ]);
  return { offers: offers?.value ?? 0, active: running?.value ?? 0 };
}

/** A free-spins campaign names a game of the catalogue. */
export async function gameSlugExists(executor: DbOrTx, slug: string): Promise<boolean> {
  const [game] = await executor.select({ id: games.id }).from(games).where(eq(games.slug, slug));
  return game !== undefined;
}

/** Games' titles (every locale) by slug. */
export function gameTitleRows(executor: DbOrTx, slugs: string[]) {
  return executor.select({ slug: games.slug, title: games.title }).from(games).where(inArray(games.slug, slugs));
}

/** The games free spins are played on, with their producer, by slug. */
export function freeSpinGameRows(executor: DbOrTx, slugs: string[]) {
  return executor
    .select({ id: games.id, slug: games.slug, title: games.title, producer: providers.title })
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .where(inArray(games.slug, slugs));
}

// Promo codes

export function promoCodesOf(executor: DbOrTx, campaignId: number): Promise<PromoCodeRow[]> {
  return executor.select().from(promoCodes).where(eq(promoCodes.campaignId, campaignId)).orderBy(asc(promoCodes.id));
}

/** A code as a player types it, with its campaign. */
export async function findPromoCode(executor: DbOrTx, code: string) {
  const [found] = await executor
    .select({ code: promoCodes, campaign: bonusCampaigns })
    .from(promoCodes)
    .innerJoin(bonusCampaigns, eq(bonusCampaigns.id, promoCodes.campaignId))
    .where(eq(promoCodes.code, code));
  return found;
}

/** An approved code of one of the campaigns (the code a player typed at registration, if it is one). */
export async function findApprovedPromoCode(executor: DbOrTx, code: string, campaignIds: number[]) {
  const [match] = await executor
    .select({ id: promoCodes.id, createdAt: promoCodes.createdAt })
    .from(promoCodes)
    .where(
      and(eq(promoCodes.code, code), inArray(promoCodes.campaignId, campaignIds), isNotNull(promoCodes.approvedAt)),
    );
  return match;
}

/** Counts one more redemption, never past the code's cap: false when the cap was reached. */
export async function countRedemption(tx: Tx, codeId: number): Promise<boolean> {
  const counted = await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(
      and(
        eq(promoCodes.id, codeId),
        or(isNull(promoCodes.maxRedemptions), sql`${promoCodes.redemptions} < ${promoCodes.maxRedemptions}`),
      ),
    )
    .returning({ id: promoCodes.id });
  return counted.length > 0;
}

export async function insertPromoCode(tx: Tx, values: NewPromoCode): Promise<PromoCodeRow | undefined> {
  const [row] = await tx.insert(promoCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function approvePromoCode(
  tx: Tx,
  code: { id: number; campaignId: number },
  approver: { id: number; at: Date },
): Promise<PromoCodeRow | undefined> {
  const [row] = await tx
    .update(promoCodes)
    .set({ approvedAt: approver.at, approvedBy: approver.id })
    .where(and(eq(promoCodes.id, code.id), eq(promoCodes.campaignId, code.campaignId)))
    .returning();
  return row;
}

// Players' bonuses

/** Inserts an offer once per (player, campaign, trigger): its id, or undefined when it already existed. */
export async function insertUserBonus(executor: DbOrTx, values: NewUserBonus): Promise<string | undefined> {
  const [row] = await executor
    .insert(userBonuses)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: userBonuses.id });
  return row?.id;
}

export async function findUserBonus(executor: DbOrTx, id: string): Promise<UserBonusRow | undefined> {
  const [row] = await executor.select().from(userBonuses).where(eq(userBonuses.id, id));
  return row;
}

/** The offer one trigger made to a player from a campaign. */
export async function findOfferId(
  executor: DbOrTx,
  offer: { userId: number; campaignId: number; triggerRef: string },
): Promise<string | undefined> {
  const [row] = await executor
    .select({ id: userBonuses.id })
    .from(userBonuses)
    .where(
      and(
        eq(userBonuses.userId, offer.userId),
        eq(userBonuses.campaignId, offer.campaignId),
        eq(userBonuses.triggerRef, offer.triggerRef),
      ),
    );
  return row?.id;
}

/** The player's bonus being wagered and offers still open at `now`, oldest first. */
export function openBonusesOf(executor: DbOrTx, userId: number, now: Date): Promise<UserBonusRow[]> {
  return executor
    .select()
    .from(userBonuses)
    .where(
      and(
        eq(userBonuses.userId, userId),
        or(
          eq(userBonuses.status, 'active'),
          and(
            eq(userBonuses.status, 'offered'),
            or(isNull(userBonuses.offerExpiresAt), gt(userBonuses.offerExpiresAt, now)),
          ),
        ),
      ),
    )
    .orderBy(asc(userBonuses.createdAt), asc(userBonuses.id));
}

/** A page of the player's bonuses, newest first, and their total. */
export async function bonusHistoryPage(executor: DbOrTx, userId: number, page: { page: number; perPage: number }) {
  const where = eq(userBonuses.userId, userId);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(userBonuses)
      .where(where)
      .orderBy(desc(userBonuses.createdAt), desc(userBonuses.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    executor.select({ value: count() }).from(userBonuses).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Whether the player has a bonus being wagered. */
export async function hasActiveBonus(executor: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: userBonuses.id })
    .from(userBonuses)
    .where(and(eq(userBonuses.userId, userId), eq(userBonuses.status, 'active')));
  return row !== undefined;
}

/** Fixes a coins offer's amount, once (an amount picked before stays). */
export async function setPickedAmount(tx: DbOrTx, id: string, picked: bigint): Promise<void> {
  await tx
    .update(userBonuses)
    .set({ pickedAmount: picked, amount: picked })
    .where(and(eq(userBonuses.id, id), isNull(userBonuses.pickedAmount)));
}

/** Turns an open offer into the bonus being wagered; undefined when it was no longer an offer. */
export async function activateOffer(
  tx: Tx,
  id: string,
  values: Partial<NewUserBonus>,
): Promise<UserBonusRow | undefined> {
  const [row] = await tx
    .update(userBonuses)
    .set({ ...values, status: 'active' })
    .where(and(eq(userBonuses.id, id), eq(userBonuses.status, 'offered')))
    .returning();
  return row;
}

export async function rejectOffer(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(userBonuses).set({ status: 'rejected', finishedAt: now }).where(eq(userBonuses.id, id));
}

/** Every offer a player has not answered yet is rejected (a break from play takes them back). */
export async function rejectOpenOffers(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(userBonuses)
    .set({ status: 'rejected', finishedAt: now })
    .where(and(eq(userBonuses.userId, userId), eq(userBonuses.status, 'offered')));
}

/** Open offers whose time ran out expire; answers how many. `campaignId`: only that campaign's, whatever their time. */
export async function expireOffers(executor: DbOrTx, now: Date, campaignId?: number): Promise<number> {
  const rows = await executor
    .update(userBonuses)
    .set({ status: 'expired', finishedAt: now })
    .where(
      and(
        eq(userBonuses.status, 'offered'),
        campaignId === undefined ? lte(userBonuses.offerExpiresAt, now) : eq(userBonuses.campaignId, campaignId),
      ),
    )
    .returning({ id: userBonuses.id });
  return rows.length;
}

/** Active bonuses whose wagering time ran out. */
export async function activeBonusesDue(executor: DbOrTx, now: Date): Promise<string[]> {
  const rows = await executor
    .select({ id: userBonuses.id })
    .from(userBonuses)
    .where(and(eq(userBonuses.status, 'active'), lte(userBonuses.expiresAt, now)));
  return rows.map((row) => row.id);
}

/** The bonus amount a row holds (a cashback paid as cash reads it back after the limits capped it). */
export async function bonusAmount(executor: DbOrTx, id: string): Promise<bigint | null> {
  const [row] = await executor.select({ amount: userBonuses.amount }).from(userBonuses).where(eq(userBonuses.id, id));
  return row?.amount ?? null;
}

/** Accepts of one player's different offers take turns, so two cannot both find no active bonus. */
export async function lockAcceptances(tx: Tx, namespace: number, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${namespace}, ${userId})`);
}

// Players

/** An account by e-mail address or username, either in any letter case. */
export async function findAccountByLogin(executor: DbOrTx, login: string) {
  const lowered = login.trim().toLowerCase();
  const [row] = await executor
    .select({ id: users.id, currency: users.currency })
    .from(users)
    .where(sql`(lower(${users.email}) = ${lowered} or lower(${users.username}) = ${lowered})`)
    .limit(1);
  return row;
}

/** The code a player typed when registering (their affiliate or promo code). */
export async function registrationCode(executor: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await executor.select({ code: users.promoCode }).from(users).where(eq(users.id, userId));
  return row?.code ?? null;
}

/** Of these players, those who are players (not staff), with their currency. */
export function playersAmong(executor: DbOrTx, userIds: number[]) {
  return executor
    .select({ id: users.id, currency: users.currency })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.role, 'player')));
}

// Deposits, read here: payments stands above bonuses (payments -> accounts -> protection -> bonuses), so importing its
// queries would close a loop of domains
/** A deposit as the bonus triggers read it: its amount and when it was asked and credited. */
export interface CreditedDeposit {
  amount: bigint;
  settledAt: Date | null;
  createdAt: Date;
}

function creditedDepositsWhere(user: { id: number; currency: string }, minAmount: bigint) {
  return and(
    eq(payments.userId, user.id),
    eq(payments.status, 'succeeded'),
    eq(payments.currency, user.currency),
    gte(payments.amount, minAmount),
  );
}

const depositColumns = { amount: payments.amount, settledAt: payments.settledAt, createdAt: payments.createdAt };

/** The player's succeeded deposits in their currency of at least `minAmount`, credited at or after `from`, in order. */
export function creditedDepositsSince(
  executor: DbOrTx,
  user: { id: number; currency: string },
  minAmount: bigint,
  from: Date,
): Promise<CreditedDeposit[]> {
  const creditedAt = sql<Date>`coalesce(${payments.settledAt}, ${payments.createdAt})`;
  return executor
    .select(depositColumns)
    .from(payments)
    .where(and(creditedDepositsWhere(user, minAmount), gte(creditedAt, from)))
    .orderBy(asc(creditedAt), asc(payments.createdAt));
}

/** The player's first succeeded deposit in their currency of at least `minAmount`. */
export async function firstCreditedDeposit(
  executor: DbOrTx,
  user: { id: number; currency: string },
  minAmount: bigint,
): Promise<CreditedDeposit | undefined> {
  const [deposit] = await executor
    .select(depositColumns)
    .from(payments)
    .where(creditedDepositsWhere(user, minAmount))
    .orderBy(asc(payments.settledAt), asc(payments.createdAt))
    .limit(1);
  return deposit;
}

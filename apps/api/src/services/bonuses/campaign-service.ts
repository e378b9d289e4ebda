import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '@playhouse/db';
import type { bonusCampaigns, promoCodes } from '@playhouse/db/schema';
import {
  CURRENCY_CODES,
  campaignTermsSchema,
  parseDecimal,
  type Campaign,
  type CampaignCreateBody,
  type CampaignListQuery,
  type CampaignPage,
  type CampaignStatus,
  type CampaignTerms,
  type PromoCode,
  type PromoCodeCreateBody,
} from '@playhouse/shared';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit/audit-log';
import type { BonusCampaignRow } from './bonus-engine';
import { campaignMoney as money, campaignTermsView } from './campaign-view';
import {
  CampaignBeyondLimitsError,
  CampaignEditPendingError,
  CampaignEndedError,
  CampaignSlugTakenError,
  PromoCodeTakenError,
} from './bonus-errors';
import { campaignLimitsFor } from './campaign-limits';
import { isTimeZone } from './campaign-calendar';
import {
  decideStaffRequest,
  openStaffRequest,
  pendingRequestsFor,
  type StaffRequestRow,
} from '../approvals/staff-request-queries';
import { formatAmount } from '../../lib/amounts';
import {
  approvePromoCode,
  campaignOfferCounts,
  campaignPage,
  expireOffers,
  findCampaign,
  gameSlugExists,
  insertCampaign,
  insertPromoCode,
  lockCampaignRow,
  promoCodesOf,
  updateCampaign,
} from './bonus-queries';

/** Who changes a campaign: a staff member and the address they act from (written to the audit log). */
export interface CampaignActor {
  id: number;
  ip: string | null;
}

type CampaignValues = Omit<typeof bonusCampaigns.$inferInsert, 'id' | 'slug' | 'createdAt'>;

export function campaignStatus(row: Pick<BonusCampaignRow, 'active' | 'endedAt' | 'approvedAt'>): CampaignStatus {
  if (row.endedAt !== null) return 'ended';
  if (row.approvedAt === null) return 'pending';
  return row.active ? 'active' : 'paused';
}

/**
 * The fields of terms that pass the currency limits, in any accepted currency (a campaign's own amounts apply to
 * every currency without a line of its own): the amount a player gets under the ceiling, the wager over the floor.
 */
async function beyondLimits(executor: Db | Tx, values: CampaignValues): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const currency of CURRENCY_CODES) {
    const limits = await campaignLimitsFor(executor, currency);
    const line = values.currencyAmounts?.[currency];
    const amount = line?.amount !== undefined ? BigInt(line.amount) : (values.amount ?? null);
    const items = (line?.items ?? values.items ?? []).map((item) => BigInt(item));
    const largest = [amount ?? 0n, ...items].reduce((a, b) => (a > b ? a : b), 0n);
    if (largest > limits.maxAmount && !fields.amount) {
      fields.amount = `above the ${currency} limit of ${formatAmount(limits.maxAmount, currency)}`;
    }
    if ((values.wager ?? 0) < limits.minWager && !fields.wager) {
      fields.wager = `below the ${currency} floor of ${limits.minWager}x`;
    }
  }
  return fields;
}

/** Refuses terms past the limits (400 campaign_beyond_limits naming the fields). */
async function assertWithinLimits(executor: Db | Tx, values: CampaignValues) {
  const fields = await beyondLimits(executor, values);
  if (Object.keys(fields).length > 0) throw new CampaignBeyondLimitsError(fields);
}

const minor = (text: string | null | undefined): bigint | null =>
  text === null || text === undefined ? null : parseDecimal(text, 'EUR');

/**
 * The columns of a campaign from what staff sent, after the checks a schema cannot make: each kind's own fields, a
 * first-deposit campaign is a deposit match, and a free-spins game exists. Bad terms are a 400 naming the fields.
 */
async function valuesOf(db: Db | Tx, terms: CampaignTerms): Promise<CampaignValues> {
  const fields: Record<string, string> = {};
  if (terms.kind === 'free_money' && terms.amount === null) fields.amount = 'is required for free money';
  if (terms.kind === 'deposit_match' && terms.matchPercent === null) fields.matchPercent = 'is required for a match';
  if (terms.kind === 'coins' && terms.items.length < 2) fields.items = 'needs at least two coin amounts';
  if (terms.kind === 'free_spins') {
    if (terms.freeSpins === null) fields.freeSpins = 'is required for free spins';
    if (terms.freeSpinStake === null) fields.freeSpinStake = 'is required for free spins';
    if (terms.gameSlug === null) fields.gameSlug = 'is required for free spins';
    else if (!(await gameSlugExists(db, terms.gameSlug))) fields.gameSlug = 'is not a game in the catalogue';
  }
  if (terms.trigger === 'first_deposit' && terms.kind !== 'deposit_match') {
    fields.trigger = 'a first-deposit campaign must be a deposit match';
  }
  if (terms.kind === 'cashback') {
    if (terms.matchPercent === null) fields.matchPercent = 'is required for a cashback (the share of net losses)';
    else if (terms.matchPercent > 100) fields.matchPercent = 'a cashback pays at most 100% of the net losses';
    if (terms.trigger !== 'net_loss') fields.trigger = 'a cashback is paid by its weekly job (trigger net_loss)';
  } else if (terms.trigger === 'net_loss') {
    fields.trigger = 'only a cashback is paid on net losses';
  }
  if (terms.trigger === 'deposit') {
    if (terms.weekdays.length === 0) fields.weekdays = 'name the days a deposit earns the offer';
    if (terms.kind === 'coins') fields.kind = 'a weekday deposit campaign cannot be coins';
  }
  if (!isTimeZone(terms.timeZone)) fields.timeZone = 'is not a known time zone';
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  const names = Object.fromEntries(
    Object.entries(terms.names).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const currencyAmounts = Object.fromEntries(
    Object.entries(terms.currencyAmounts).map(([currency, line]) => [
      currency,
      {
        ...(line.amount === undefined ? {} : { amount: String(minor(line.amount)) }),
        ...(line.minDeposit === undefined ? {} : { minDeposit: String(minor(line.minDeposit)) }),
        ...(line.maxBet === undefined ? {} : { maxBet: String(minor(line.maxBet)) }),
        ...(line.freeSpinStake === undefined ? {} : { freeSpinStake: String(minor(line.freeSpinStake)) }),
        ...(line.items === undefined ? {} : { items: line.items.map((item) => String(minor(item))) }),
      },
    ]),
  );
  return {
    names,
    kind: terms.kind,
    template: terms.kind === 'coins' ? 'coins' : 'standard',
    trigger: terms.trigger,
    amount: minor(terms.amount),
    matchPercent: terms.kind === 'deposit_match' || terms.kind === 'cashback' ? terms.matchPercent : null,
    minDeposit: minor(terms.minDeposit),
    items: terms.kind === 'coins' ? terms.items.map((item) => String(minor(item))) : [],
    freeSpins: terms.kind === 'free_spins' ? terms.freeSpins : null,
    freeSpinStake: terms.kind === 'free_spins' ? minor(terms.freeSpinStake) : null,
    gameSlug: terms.kind === 'free_spins' ? terms.gameSlug : null,
    wager: terms.wager,
    maxBet: minor(terms.maxBet),
    validDays: terms.validDays,
    offerDays: terms.offerDays,
    contributions: terms.contributions as Record<string, number>,
    sportsMinOddThousandths: Math.round(Number(terms.sportsMinOdd) * 1000),
    currencyAmounts,
    weekdays: terms.trigger === 'deposit' ? [...new Set(terms.weekdays)].sort((a, b) => a - b) : [],
    timeZone: terms.timeZone,
    payout: terms.kind === 'cashback' ? terms.payout : 'bonus',
  };
}

/** A campaign row as the audit log keeps it (amounts as strings: JSON has no bigint). */
function auditView(row: BonusCampaignRow) {
  return {
    slug: row.slug,
    names: row.names,
    kind: row.kind,
    trigger: row.trigger,
    amount: money(row.amount),
    matchPercent: row.matchPercent,
    minDeposit: money(row.minDeposit),
    items: row.items,
    freeSpins: row.freeSpins,
    freeSpinStake: money(row.freeSpinStake),
    gameSlug: row.gameSlug,
    wager: row.wager,
    maxBet: money(row.maxBet),
    validDays: row.validDays,
    offerDays: row.offerDays,
    contributions: row.contributions,
    sportsMinOddThousandths: row.sportsMinOddThousandths,
    currencyAmounts: row.currencyAmounts,
    weekdays: row.weekdays,
    timeZone: row.timeZone,
    payout: row.payout,
    status: campaignStatus(row),
  };
}

function promoView(row: typeof promoCodes.$inferSelect): PromoCode {
  return {
    id: row.id,
    code: row.code,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    active: row.active,
    approved: row.approvedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

const CAMPAIGN_REQUEST_KINDS = ['campaign_publish', 'campaign_edit', 'promo_code'] as const;

export type CampaignService = ReturnType<typeof createCampaignService>;

/**
 * Bonus campaigns as marketing runs them: create, edit, pause, resume, end, and their promo codes. Every change runs
 * in one transaction with its audit row (before and after). An edit changes what the campaign offers from then on;
 * every offer already written keeps the terms it was made under (user_bonuses.terms), so no granted bonus changes.
 */
export function createCampaignService({ db, clock }: { db: Db; clock: Clock }) {
  async function lockCampaign(tx: Tx, id: number): Promise<BonusCampaignRow> {
    const row = await lockCampaignRow(tx, id);
    if (!row) throw new NotFoundError('There is no such campaign.');
    return row;
  }

  async function detail(id: number): Promise<Campaign> {
    const row = await findCampaign(db, id);
    if (!row) throw new NotFoundError('There is no such campaign.');
    const [counts, codes, ...pending] = await Promise.all([
      campaignOfferCounts(db, id),
      promoCodesOf(db, id),
      ...CAMPAIGN_REQUEST_KINDS.map((kind) => pendingRequestsFor(db, kind, 'campaignId', id)),
    ]);
    const currencyAmounts = Object.fromEntries(
      Object.entries(row.currencyAmounts).flatMap(([currency, line]) =>
        line && (CURRENCY_CODES as string[]).includes(currency)
          ? [
              [
                currency,
                {
                  ...(line.amount === undefined ? {} : { amount: money(BigInt(line.amount))! }),
                  ...(line.minDeposit === undefined ? {} : { minDeposit: money(BigInt(line.minDeposit))! }),
                  ...(line.maxBet === undefined ? {} : { maxBet: money(BigInt(line.maxBet))! }),
                  ...(line.freeSpinStake === undefined ? {} : { freeSpinStake: money(BigInt(line.freeSpinStake))! }),
                  ...(line.items === undefined ? {} : { items: line.items.map((item) => money(BigInt(item))!) }),
                },
              ],
            ]
          : [],
      ),
    );
    return {
      id: row.id,
      ...campaignTermsView(row),
      names: row.names,
      currencyAmounts,
      status: campaignStatus(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      offers: counts.offers,
      active: counts.active,
      promoCodes: codes.map(promoView),
      approvedAt: row.approvedAt?.toISOString() ?? null,
      approvedBy: row.approvedBy,
      pendingRequests: pending.flat().map((request) => ({
        id: request.id,
        kind: request.kind as (typeof CAMPAIGN_REQUEST_KINDS)[number],
        requestedBy: request.requestedBy,
        requestedAt: request.requestedAt.toISOString(),
        payload: request.payload,
      })),
    };
  }

  /** Opens the request for a second marketing member to approve, with what they will approve (JSON-safe). */
  function ask(
    tx: Tx,
    actor: CampaignActor,
    kind: (typeof CAMPAIGN_REQUEST_KINDS)[number],
    payload: Record<string, unknown>,
  ) {
    return openStaffRequest(tx, {
      kind,
      subjectUserId: null,
      payload,
      actor,
      idempotencyKey: `${kind}:${randomUUID()}`,
      at: clock.now(),
    });
  }

  /** Withdraws its own earlier requests of a kind for the campaign that a newer one replaces. */
  async function supersede(tx: Tx, actor: CampaignActor, kind: 'campaign_publish' | 'campaign_edit', id: number) {
    for (const request of await pendingRequestsFor(tx, kind, 'campaignId', id)) {
      await decideStaffRequest(tx, request.id, {
        status: 'rejected',
        decidedBy: request.requestedBy,
        decidedAt: clock.now(),
        decisionReason: 'superseded by a newer version',
      });
      await recordAudit(tx, {
        event: `staff_reject_${kind}`,
        actorId: actor.id,
        ip: actor.ip,
        metadata: { requestId: request.id, requestedBy: request.requestedBy, reason: 'superseded' },
        before: { status: 'pending' },
        after: { status: 'rejected' },
        at: clock.now(),
      });
    }
  }

  /** Writes terms (and for a publication, the approval) over a locked campaign, audited with before and after. */
  async function writeTerms(
    tx: Tx,
    actor: CampaignActor,
    before: BonusCampaignRow,
    values: CampaignValues,
    extra: { approvedAt?: Date; approvedBy?: number; requestId?: string; requestedBy?: number },
  ) {
    const now = clock.now();
    const { requestId, requestedBy, ...approval } = extra;
    const after = await updateCampaign(tx, before.id, { ...values, ...approval, updatedAt: now });
    await recordAudit(tx, {
      event: approval.approvedAt ? 'staff_campaign_publish' : 'staff_campaign_update',
      actorId: actor.id,
      ip: actor.ip,
      metadata: { campaignId: before.id, ...(requestId ? { requestId, requestedBy } : {}) },
      before: auditView(before),
      after: auditView(after!),
      at: now,
    });
  }

  return {
    detail,

    /** A page of campaigns (or, with the CSV window, the whole filtered list). */
    async list(query: CampaignListQuery, window: { limit: number; offset: number }): Promise<CampaignPage> {
      const search = query.q ? `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
      const { rows, total } = await campaignPage(
        db,
        { status: query.status, trigger: query.trigger, search, sort: query.sort, dir: query.dir },
        window,
      );
      return {
        items: rows.map(({ row, offers }) => ({
          id: row.id,
          slug: row.slug,
          name: row.names.en ?? row.slug,
          kind: row.kind,
          trigger: row.trigger,
          status: campaignStatus(row),
          wager: row.wager,
          offers,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Creates a campaign that offers nothing until a second marketing member approves it (its `campaign_publish`
     * request carries the terms they approve). Terms past the admins' limits are refused.
     */
    async create(actor: CampaignActor, body: CampaignCreateBody): Promise<Campaign> {
      const id = await db.transaction(async (tx) => {
        const values = await valuesOf(tx, body);
        await assertWithinLimits(tx, values);
        const now = clock.now();
        const row = await insertCampaign(tx, {
          ...values,
          slug: body.slug,
          createdAt: now,
          updatedAt: now,
          approvedAt: null,
        });
        if (!row) throw new CampaignSlugTakenError();
        const { slug: _slug, ...terms } = body;
        await ask(tx, actor, 'campaign_publish', { campaignId: row.id, slug: row.slug, terms });
        await recordAudit(tx, {
          event: 'staff_campaign_create',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { campaignId: row.id },
          after: auditView(row),
          at: now,
        });
        return row.id;
      });
      return detail(id);
    },

    /**
     * Changes what the campaign offers. A campaign not yet approved is not live: its terms change at once and a new
     * publication request replaces the pending one (`{ campaign }`). A live campaign keeps running as it is; the edit
     * is a request a second marketing member approves (`{ request }`), and offers already written keep their terms.
     */
    async update(
      actor: CampaignActor,
      id: number,
      terms: CampaignTerms,
    ): Promise<{ campaign: Campaign } | { requestId: string }> {
      const outcome = await db.transaction(async (tx) => {
        const before = await lockCampaign(tx, id);
        if (before.endedAt !== null) throw new CampaignEndedError();
        const values = await valuesOf(tx, terms);
        await assertWithinLimits(tx, values);
        if (before.approvedAt !== null) {
          if ((await pendingRequestsFor(tx, 'campaign_edit', 'campaignId', id)).length > 0) {
            throw new CampaignEditPendingError();
          }
          const { row } = await ask(tx, actor, 'campaign_edit', { campaignId: id, slug: before.slug, terms });
          return { requestId: row.id };
        }
        await writeTerms(tx, actor, before, values, {});
        await supersede(tx, actor, 'campaign_publish', id);
        await ask(tx, actor, 'campaign_publish', { campaignId: id, slug: before.slug, terms });
        return null;
      });
      return outcome ?? { campaign: await detail(id) };
    },

    /**
     * The approval of a marketing request (`campaign_publish`, `campaign_edit`, `promo_code`) by a second marketing
     * member, in its transaction: the terms they were shown go live (checked against the limits as they are now),
     * or the code starts to redeem.
     */
    async approve(tx: Tx, request: StaffRequestRow, approver: CampaignActor) {
      const campaignId = Number(request.payload.campaignId);
      const campaign = await lockCampaign(tx, campaignId);
      if (campaign.endedAt !== null) throw new CampaignEndedError();
      const now = clock.now();
      if (request.kind === 'promo_code') {
        const code = await approvePromoCode(
          tx,
          { id: Number(request.payload.codeId), campaignId },
          { id: approver.id, at: now },
        );
        if (!code) throw new NotFoundError('There is no such promo code.');
        await recordAudit(tx, {
          event: 'staff_promo_code_approve',
          actorId: approver.id,
          ip: approver.ip,
          metadata: { campaignId, requestId: request.id, requestedBy: request.requestedBy },
          after: promoView(code),
          at: now,
        });
        return { result: { codeId: code.id } };
      }
      const values = await valuesOf(tx, campaignTermsSchema.parse(request.payload.terms));
      await assertWithinLimits(tx, values);
      const metadata = { requestId: request.id, requestedBy: request.requestedBy };
      await writeTerms(tx, approver, campaign, values, {
        ...metadata,
        ...(request.kind === 'campaign_publish' ? { approvedAt: now, approvedBy: approver.id } : {}),
      });
      return { result: { campaignId } };
    },

    /**
     * pause: no new offers (open offers and running bonuses go on); resume: offers again; end: for good, and its
     * offers not yet answered are withdrawn (they expire). Asking for the state a campaign is already in changes
     * nothing and writes no audit row.
     */
    async act(actor: CampaignActor, id: number, action: 'pause' | 'resume' | 'end'): Promise<Campaign> {
      await db.transaction(async (tx) => {
        const before = await lockCampaign(tx, id);
        if (before.endedAt !== null) {
          if (action === 'end') return;
          throw new CampaignEndedError();
        }
        if ((action === 'pause' && !before.active) || (action === 'resume' && before.active)) return;
        const now = clock.now();
        const after = await updateCampaign(
          tx,
          id,
          action === 'end'
            ? { active: false, endedAt: now, updatedAt: now }
            : { active: action === 'resume', updatedAt: now },
        );
        const withdrawn = action === 'end' ? await expireOffers(tx, now, id) : 0;
        await recordAudit(tx, {
          event: `staff_campaign_${action}`,
          actorId: actor.id,
          ip: actor.ip,
          metadata: { campaignId: id, ...(action === 'end' ? { offersWithdrawn: withdrawn } : {}) },
          before: { status: campaignStatus(before) },
          after: { status: campaignStatus(after!) },
          at: now,
        });
      });
      return detail(id);
    },

    /** Adds a promo code; it redeems once a second marketing member approves it (its `promo_code` request). */
    async addPromoCode(actor: CampaignActor, campaignId: number, body: PromoCodeCreateBody): Promise<PromoCode> {
      return db.transaction(async (tx) => {
        const campaign = await lockCampaign(tx, campaignId);
        if (campaign.endedAt !== null) throw new CampaignEndedError();
        if (campaign.trigger !== 'promo_code') {
          throw new ValidationError({ code: 'the campaign is not targeted at promo codes' });
        }
        const now = clock.now();
        const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
        if (expiresAt && expiresAt <= now) throw new ValidationError({ expiresAt: 'must be in the future' });
        const row = await insertPromoCode(tx, {
          code: body.code.trim().toUpperCase(),
          campaignId,
          maxRedemptions: body.maxRedemptions ?? null,
          expiresAt,
          createdAt: now,
          createdBy: actor.id,
        });
        if (!row) throw new PromoCodeTakenError();
        const view = promoView(row);
        await ask(tx, actor, 'promo_code', { campaignId, slug: campaign.slug, codeId: row.id, code: row.code });
        await recordAudit(tx, {
          event: 'staff_promo_code_create',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { campaignId },
          after: view,
          at: now,
        });
        return view;
      });
    },
  };
}

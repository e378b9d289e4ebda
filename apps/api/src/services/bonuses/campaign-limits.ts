import type { Db, DbOrTx, Tx } from '@playhouse/db';
import {
  CURRENCY_CODES,
  DEFAULT_CAMPAIGN_LIMITS,
  isCurrency,
  parseDecimal,
  type CampaignLimit,
  type CampaignLimitBody,
  type Currency,
} from '@playhouse/shared';
import { formatAmount } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { ValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/audit-log';
import { campaignLimitRow, campaignLimitsWithEditors, upsertCampaignLimits } from './bonus-queries';

/** A currency's limits in minor units: what no campaign passes, whatever its terms say. */
export interface Limits {
  maxAmount: bigint;
  minWager: number;
  maxCashout: bigint;
}

/**
 * The limits of `currency` as the engine holds them when it grants or converts (a currency without a row: the
 * defaults). `lock` reads them FOR SHARE inside a grant or conversion, so it waits for an admin's change in flight.
 */
export async function campaignLimitsFor(executor: DbOrTx, currency: string, lock = false): Promise<Limits> {
  const row = await campaignLimitRow(executor, currency, lock ? 'share' : null);
  if (row) return { maxAmount: row.maxAmount, minWager: row.minWager, maxCashout: row.maxCashout };
  return DEFAULT_CAMPAIGN_LIMITS[isCurrency(currency) ? currency : 'EUR'];
}

export const smaller = (a: bigint, b: bigint) => (a < b ? a : b);

/** The limits a staff member asked for, checked (decimal amounts of the currency); 400 naming the fields. */
export function parseLimits(body: CampaignLimitBody): Limits {
  const maxAmount = parseDecimal(body.maxAmount, body.currency);
  const maxCashout = parseDecimal(body.maxCashout, body.currency);
  const fields: Record<string, string> = {};
  if (maxAmount === null || maxAmount < 0n) fields.maxAmount = 'must be a decimal amount of 0 or more';
  if (maxCashout === null || maxCashout < 0n) fields.maxCashout = 'must be a decimal amount of 0 or more';
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return { maxAmount: maxAmount!, minWager: body.minWager, maxCashout: maxCashout! };
}

function limitView(currency: Currency, limits: Limits) {
  return {
    maxAmount: formatAmount(limits.maxAmount, currency),
    minWager: limits.minWager,
    maxCashout: formatAmount(limits.maxCashout, currency),
  };
}

export type CampaignLimitService = ReturnType<typeof createCampaignLimitService>;

/**
 * Admins set the limits per currency; they widen (or narrow) what a campaign may pay, so a change is a four-eyes
 * request between admins, applied by `approve` in the approval's transaction with its audit row.
 */
export function createCampaignLimitService({ db, clock }: { db: Db; clock: Clock }) {
  async function list(executor: DbOrTx = db): Promise<CampaignLimit[]> {
    const rows = await campaignLimitsWithEditors(executor, CURRENCY_CODES);
    const byCurrency = new Map(rows.map((row) => [row.limit.currency, row]));
    return CURRENCY_CODES.map((currency) => {
      const row = byCurrency.get(currency);
      return {
        currency,
        ...limitView(currency, row ? row.limit : DEFAULT_CAMPAIGN_LIMITS[currency]),
        isDefault: row === undefined,
        updatedBy: row ? { id: row.limit.updatedBy, login: row.login } : null,
        updatedAt: row?.limit.updatedAt.toISOString() ?? null,
      };
    });
  }

  return {
    list: () => list(),

    /** The payload of a change request: the limits as decimal strings, checked. */
    requestPayload(body: CampaignLimitBody): Record<string, unknown> {
      return { currency: body.currency, ...limitView(body.currency, parseLimits(body)) };
    },

    /** The approval of a `campaign_limits` request: the currency's limits become what it asked. */
    async approve(
      tx: Tx,
      request: { id: string; payload: Record<string, unknown>; requestedBy: number },
      approver: { id: number; ip: string | null },
    ) {
      const currency = String(request.payload.currency);
      if (!isCurrency(currency)) throw new ValidationError({ currency: 'is not an accepted currency' });
      const limits = parseLimits({
        currency,
        maxAmount: String(request.payload.maxAmount),
        minWager: Number(request.payload.minWager),
        maxCashout: String(request.payload.maxCashout),
      });
      const now = clock.now();
      const existing = await campaignLimitRow(tx, currency, 'update');
      const before = await campaignLimitsFor(tx, currency);
      await upsertCampaignLimits(tx, { currency, ...limits, updatedBy: approver.id, updatedAt: now });
      await recordAudit(tx, {
        event: 'staff_set_campaign_limits',
        actorId: approver.id,
        ip: approver.ip,
        metadata: { currency, requestId: request.id, requestedBy: request.requestedBy },
        before: { ...limitView(currency, before), isDefault: existing === undefined },
        after: { ...limitView(currency, limits), isDefault: false },
        at: now,
      });
      return { result: { currency, ...limitView(currency, limits) } };
    },
  };
}

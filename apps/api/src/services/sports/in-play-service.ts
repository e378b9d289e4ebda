import type { Db } from '@playhouse/db';
import { sportTradingSettings } from '@playhouse/db/schema';
import {
  DEFAULT_BET_DELAY_MS,
  type InPlayDesk,
  type SportTradingSetting,
  type SportTradingSettingBody,
  type SportTradingSettings,
} from '@playhouse/shared';
import type { Clock } from '../../lib/clock';
import { errorClass } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import { recordAudit } from '../audit/audit-log';
import type { StaffActor } from '../staff/staff-queries';
import { deskMatch } from './match-views';
import { notifyChanged } from './feed-ingest';
import {
  betDelaysOf,
  inPlayRows,
  liveMatchIdsOfSport,
  lockSportSetting,
  slipMatches,
  sportExists,
  sportSettingsRows,
} from './in-play-queries';

export class SportNotFoundError extends errorClass('not_found', 'There is no such sport.', 404) {}

/** The wait of a bet and the matches on its slip that were in play when it was asked. */
export interface InPlayPlan {
  delayMs: number;
  liveMatchIds: ReadonlySet<number>;
}

export type InPlayService = ReturnType<typeof createInPlayService>;

/**
 * Betting in play, the traders' side: the bet delay per sport (audited), the desk of the matches in play, and the
 * plan a bet's placement asks for (how long it waits, which matches on it are in play).
 */
export function createInPlayService({ db, clock }: { db: Db; clock: Clock }) {
  async function settings(context: LocaleContext): Promise<SportTradingSettings> {
    const rows = await sportSettingsRows(db);
    return {
      items: rows.map((row): SportTradingSetting => ({
        sportId: row.sportId,
        sportName: localize(row.sportName, context),
        betDelayMs: row.betDelayMs ?? DEFAULT_BET_DELAY_MS,
        isDefault: row.betDelayMs === null,
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt?.toISOString() ?? null,
      })),
    };
  }

  return {
    /**
     * How long a bet on these outcomes waits before it is priced again: the longest delay of the sports of its matches
     * in play (an accumulator waits once, for the slowest), 0 when none is in play. Reads without locking.
     */
    async plan(outcomeIds: number[]): Promise<InPlayPlan> {
      const live = (await slipMatches(db, outcomeIds)).filter((row) => row.status === 'live');
      if (live.length === 0) return { delayMs: 0, liveMatchIds: new Set() };
      const delays = await betDelaysOf(db, [...new Set(live.map((row) => row.sportId))]);
      return {
        delayMs: Math.max(...live.map((row) => delays.get(row.sportId) ?? DEFAULT_BET_DELAY_MS)),
        liveMatchIds: new Set(live.map((row) => row.matchId)),
      };
    },

    /** The delay a bet on a match of each of these sports waits now (the default where no trader set one). */
    async betDelaysOf(sportIds: number[]): Promise<Map<number, number>> {
      const set = await betDelaysOf(db, [...new Set(sportIds)]);
      return new Map(sportIds.map((sportId) => [sportId, set.get(sportId) ?? DEFAULT_BET_DELAY_MS]));
    },

    settings,

    /** Sets a sport's bet delay; audited with the delay before and after, in the change's transaction. */
    async setBetDelay(
      sportId: number,
      body: SportTradingSettingBody,
      actor: StaffActor,
      context: LocaleContext,
    ): Promise<SportTradingSetting> {
      await db.transaction(async (tx) => {
        if (!(await sportExists(tx, sportId))) throw new SportNotFoundError();
        const before = await lockSportSetting(tx, sportId);
        const at = clock.now();
        await tx
          .insert(sportTradingSettings)
          .values({ sportId, betDelayMs: body.betDelayMs, updatedBy: actor.id, updatedAt: at })
          .onConflictDoUpdate({
            target: sportTradingSettings.sportId,
            set: { betDelayMs: body.betDelayMs, updatedBy: actor.id, updatedAt: at },
          });
        await recordAudit(tx, {
          event: 'staff_trading_set_bet_delay',
          userId: null,
          actorId: actor.id,
          ip: actor.ip,
          metadata: { sportId },
          before: { betDelayMs: before?.betDelayMs ?? DEFAULT_BET_DELAY_MS, isDefault: before === undefined },
          after: { betDelayMs: body.betDelayMs, isDefault: false },
          at,
        });
        // The delay is part of what a match page in play shows: its streams read the match again once this commits.
        await notifyChanged(tx, await liveMatchIdsOfSport(tx, sportId));
      });
      const setting = (await settings(context)).items.find((item) => item.sportId === sportId);
      if (!setting) throw new SportNotFoundError();
      return setting;
    },

    /** The matches in play with their state, markets by status and open bets, and the delay their bets wait. */
    async desk(context: LocaleContext): Promise<InPlayDesk> {
      const rows = await inPlayRows(db);
      const delays = await betDelaysOf(db, [...new Set(rows.map((row) => row.sportId))]);
      return {
        items: rows.map((row) => ({
          ...deskMatch(row, context),
          liveState: row.liveState,
          openMarkets: row.openMarkets,
          suspendedMarkets: row.suspendedMarkets,
          heldMarkets: row.heldMarkets,
          openBets: row.openBets,
          betDelayMs: delays.get(row.sportId) ?? DEFAULT_BET_DELAY_MS,
        })),
      };
    },
  };
}

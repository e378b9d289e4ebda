import type { Db, Tx } from '@playhouse/db';
import { PRODUCT_TRANSFER_KINDS, formatMinor, isCurrency, type BonusGameType } from '@playhouse/shared';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  activeBonusId,
  addFreeSpinWinnings,
  bonusStatuses,
  capLateShares,
  completeIfDone,
  countStake,
  lockActiveBonus,
  readActiveBonus,
  setFreeSpinsLeft,
  uncountStake,
  type LockedBonus,
} from '../bonuses/bonus-engine';
import { BonusMaxBetExceededError } from '../bonuses/bonus-errors';
import type { TransferLeg, WalletService } from '../wallet/wallet-service';
import { InsufficientFundsError } from '../wallet/wallet-errors';
import {
  findStake,
  firstStakeProduct,
  insertStake,
  lockStakes,
  markStakes,
  reopenStake,
  type StakeRow,
} from './stake-queries';

/*
 * The one path every stake takes, casino bet (the providers' seamless wallet, so the Originals too) or sports bet:
 * the player's active bonus is locked, the guards run, the stake is split over main and bonus money (or paid by the
 * house bonus pool for a free spin), moved through the ledger, recorded with its shares and its bonus, and counted
 * towards wagering. On the way back a win, a rollback or a void returns each share where its money belongs now: the
 * main share to main money, the bonus-funded share to the bonus balance while its bonus runs, to main money once that
 * bonus completed (it converted), and to the house bonus pool once it expired or was forfeited.
 */

export type StakeProduct = 'casino' | 'sports';

/** What a guard is asked about: a stake about to be taken. */
export interface StakeIntent {
  product: StakeProduct;
  userId: number;
  /** The player's currency code. */
  currency: string;
  /** The whole stake, minor units. */
  amount: bigint;
  gameType: BonusGameType;
  /** 'casino:<provider>:<transactionId>' or 'sports:<betId>'. */
  sourceKey: string;
  /** A bonus free spin: the house bonus pool pays the stake, not the player (as the bonus stood just before). */
  freeSpin: boolean;
  /** The player's site session the stake comes from, where known (a sports bet); null for a provider's call. */
  sessionId: number | null;
}

/**
 * Runs inside the stake's transaction before any other lock of the stake is taken (player protection's limit rows come
 * first in every stake's lock order, then the active bonus row, then the ledger accounts) and before any money moves.
 * It refuses by throwing an AppError (4xx, snake_case code); it runs in a savepoint (or, for a caller that ends its
 * transaction on a refusal, in that transaction), so whatever it wrote is rolled back with the refusal.
 */
export type StakeGuard = (tx: Tx, stake: StakeIntent) => Promise<void>;

/**
 * Whether the player's active bonus may fund and count a stake (a jurisdiction that keeps casino and sports bonuses
 * apart). Asked after the bonus row is locked; `firstProduct` is the product the bonus was first staked on (null when
 * it has not been staked yet). A stake outside the bonus's scope is taken as if no bonus ran: main money only, no
 * maximum bet, no wagering count.
 */
export type BonusScope = (tx: Tx, stake: StakeIntent, firstProduct: StakeProduct | null) => Promise<boolean>;

export interface StakeShares {
  main: bigint;
  bonus: bigint;
  /** Paid by the house bonus pool (a free spin). */
  freeSpin: bigint;
}

export interface StakeRequest {
  product: StakeProduct;
  sourceKey: string;
  /** The ledger idempotency key of the stake's transfer. */
  transferKey: string;
  userId: number;
  currency: string;
  amount: bigint;
  gameType: BonusGameType;
  /** Casino: the game played, so a campaign's free spins are recognised. */
  gameSlug?: string;
  /** Sports: the bet's total odds in thousandths (sports stakes count from the campaign's minimum odds). */
  oddThousandths?: bigint;
  /** The player's site session, for the guards (reality checks); null when the caller has none. */
  sessionId?: number | null;
  metadata?: Record<string, unknown>;
  /**
   * The source key was made in the caller's transaction (a new bet's id): no stake can be recorded under it, so the
   * look-up for a retried stake is skipped.
   */
  newSource?: boolean;
  /**
   * The caller rolls its whole transaction back when the stake is refused (a sports bet): the guards then run without
   * a savepoint of their own, which only matters to a caller that keeps its transaction after a refusal (the seamless
   * wallet stores the refused bet).
   */
  refusalEndsTransaction?: boolean;
}

export interface StakeResult {
  transferId: number;
  shares: StakeShares;
  /** The bonus being wagered when the stake was taken. */
  bonusId: string | null;
  freeSpin: boolean;
}

export interface PayRequest {
  product: StakeProduct;
  transferKey: string;
  userId: number;
  currency: string;
  /** The whole win; 0 settles the stakes without moving money (a lost bet, a round closed with 0.00). */
  amount: bigint;
  /**
   * The stakes that earned it (a casino round's bets, a sports bet); refunded ones earn nothing. With none, the whole
   * win is main money: whether a win without an accepted stake is paid at all is the caller's rule, not this one's.
   */
  sourceKeys: string[];
  /** What the player owes on the same bet (a re-settlement's shortfall): kept from what this pays them, first. */
  withhold?: bigint;
  metadata?: Record<string, unknown>;
}

/** Where a payment or a refund went, minor units per destination. */
export interface Credited {
  main: bigint;
  bonus: bigint;
  bonusPool: bigint;
}

export interface RefundRequest {
  product: StakeProduct;
  transferKey: string;
  userId: number;
  currency: string;
  sourceKey: string;
  /** What the player owes on the same bet (a re-settlement's shortfall): kept from what this returns them, first. */
  withhold?: bigint;
  metadata?: Record<string, unknown>;
}

/**
 * Keeps up to `owed` of what the player's own accounts would be credited (main money first, then bonus money) for a
 * debt on the same bet; the pool's share is the house's already. Answers what was kept.
 */
function keepOwed(credited: Credited, owed: bigint): bigint {
  if (owed <= 0n) return 0n;
  const fromMain = owed < credited.main ? owed : credited.main;
  credited.main -= fromMain;
  const rest = owed - fromMain;
  const fromBonus = rest < credited.bonus ? rest : credited.bonus;
  credited.bonus -= fromBonus;
  return fromMain + fromBonus;
}

type Destination = keyof Credited;

/** The part of `amount` that `share` of `total` earned, rounded down (the rounding stays with main money). */
function portion(amount: bigint, share: bigint, total: bigint): bigint {
  if (total <= 0n || share <= 0n) return 0n;
  return (amount * (share > total ? total : share)) / total;
}

/** The house pays (or takes back) `amount`; the credits go to the player's accounts and the bonus pool. */
function legsOf(
  product: StakeProduct,
  userId: number,
  amount: bigint,
  credits: Credited,
  extraPool: bigint = 0n,
): TransferLeg[] {
  const legs: TransferLeg[] = [{ account: { house: product }, amount: -amount }];
  if (credits.main > 0n) legs.push({ account: { userId, kind: 'main' }, amount: credits.main });
  if (credits.bonus > 0n) legs.push({ account: { userId, kind: 'bonus' }, amount: credits.bonus });
  const pool = credits.bonusPool + extraPool;
  if (pool > 0n) legs.push({ account: { house: 'bonus_pool' }, amount: pool });
  return legs;
}

export type StakePipeline = ReturnType<typeof createStakePipeline>;

export function createStakePipeline({
  db,
  clock,
  wallet,
}: {
  db: Db;
  clock: Clock;
  /** The one wallet, built by its plugin. */
  wallet: WalletService;
}) {
  const guards: StakeGuard[] = [];
  const scopes: BonusScope[] = [];
  /** The errors guards refused with, so a caller can tell a guard's refusal from the pipeline's own. */
  const refusals = new WeakSet<object>();

  /** A free spin: the campaign's game at exactly its spin stake while spins are left. */
  function isFreeSpin(locked: LockedBonus | undefined, request: StakeRequest): boolean {
    const campaign = locked?.campaign;
    return (
      request.product === 'casino' &&
      locked !== undefined &&
      campaign!.kind === 'free_spins' &&
      (locked.bonus.freeSpinsLeft ?? 0) > 0 &&
      campaign!.gameSlug === request.gameSlug &&
      campaign!.freeSpinStake === request.amount
    );
  }

  /**
   * Where the bonus-funded share of a stake belongs now: the bonus balance while its bonus runs (the locked active
   * one), main money once that bonus completed, the house bonus pool once it expired or was forfeited (or when the
   * stake names no bonus).
   */
  async function destinations(tx: Tx, rows: StakeRow[], active: LockedBonus | undefined) {
    const ended = [
      ...new Set(
        rows.flatMap((row) => (row.userBonusId && row.userBonusId !== active?.bonus.id ? [row.userBonusId] : [])),
      ),
    ];
    const statuses = await bonusStatuses(tx, ended);
    return (row: StakeRow): Destination => {
      if (row.userBonusId === null) return 'bonusPool';
      if (row.userBonusId === active?.bonus.id) return 'bonus';
      return statuses.get(row.userBonusId) === 'completed' ? 'main' : 'bonusPool';
    };
  }

  /** The active bonus when every scope rule lets it take part in the stake, else none. */
  async function inScope(tx: Tx, intent: StakeIntent, locked: LockedBonus | undefined) {
    if (!locked || scopes.length === 0) return locked;
    const first = await firstStakeProduct(tx, intent.userId, locked.bonus.id);
    for (const scope of scopes) if (!(await scope(tx, intent, first))) return undefined;
    return locked;
  }

  /** Main money plus the bonus money of the bonus being wagered: what the player can stake. */
  async function playable(userId: number, currency: string, tx?: Tx): Promise<bigint> {
    const { main, bonus } = await wallet.balances(userId, currency, tx);
    if (bonus === 0n) return main;
    return (await activeBonusId(tx ?? db, userId)) ? main + bonus : main;
  }

  return {
    /** Adds a guard every stake of every product runs (player protection: limits, exclusions, verification). */
    addGuard(guard: StakeGuard): void {
      guards.push(guard);
    },

    /** Adds a rule on which stakes the active bonus may fund (every rule must agree). */
    addBonusScope(scope: BonusScope): void {
      scopes.push(scope);
    },

    playable,

    /** Whether an error a stake threw is a guard's refusal (player protection), not the pipeline's own. */
    isGuardRefusal(error: unknown): boolean {
      return typeof error === 'object' && error !== null && refusals.has(error);
    },

    /**
     * Takes a stake: bonus lock, free spin or max bet, guards, split (main money first, then the active bonus's
     * money), the ledger transfer, the stake record, and the casino's wagering count (a sports stake counts when it
     * settles: a void bet never counts). Refuses with BonusMaxBetExceededError, InsufficientFundsError or a guard's
     * error, having moved nothing.
     */
    async stake(tx: Tx, request: StakeRequest): Promise<StakeResult> {
      const { product, userId, currency, amount } = request;
      // Taken before (a caller's retry): the stake as it was recorded, nothing asked or moved again.
      const recorded = request.newSource ? undefined : await findStake(tx, request.sourceKey);
      if (recorded) {
        return {
          transferId: recorded.stakeTransferId,
          shares: { main: recorded.main, bonus: recorded.bonus, freeSpin: recorded.freeSpin },
          bonusId: recorded.userBonusId,
          freeSpin: recorded.freeSpin > 0n,
        };
      }
      // The guards first: their rows come before the bonus row in every stake's lock order. They see the free spin as
      // the bonus stands now; the bonus row, locked next, decides it.
      const intent: StakeIntent = {
        product,
        userId,
        currency,
        amount,
        gameType: request.gameType,
        sourceKey: request.sourceKey,
        // Only a casino stake can be a free spin: a sports stake needs no look at the bonus before its lock.
        freeSpin: product === 'casino' && isFreeSpin(await readActiveBonus(tx, userId), request),
        sessionId: request.sessionId ?? null,
      };
      for (const guard of guards) {
        try {
          if (request.refusalEndsTransaction) await guard(tx, intent);
          else await tx.transaction((savepoint) => guard(savepoint, intent));
        } catch (error) {
          if (error instanceof AppError && error.statusCode < 500) refusals.add(error);
          throw error;
        }
      }
      const locked = await inScope(tx, intent, await lockActiveBonus(tx, userId));
      const campaign = locked?.campaign;
      const freeSpin = isFreeSpin(locked, request);
      if (locked && !freeSpin && campaign!.maxBet !== null && amount > campaign!.maxBet) {
        throw new BonusMaxBetExceededError(isCurrency(currency) ? formatMinor(campaign!.maxBet, currency) : undefined);
      }

      let shares: StakeShares;
      if (freeSpin) {
        shares = { main: 0n, bonus: 0n, freeSpin: amount };
      } else {
        const balances = await wallet.balances(userId, currency, tx);
        // Bonus money is playable only while its bonus is being wagered.
        const bonusMoney = locked ? balances.bonus : 0n;
        if (balances.main + bonusMoney < amount) throw new InsufficientFundsError(0, balances.main + bonusMoney);
        const main = amount <= balances.main ? amount : balances.main;
        shares = { main, bonus: amount - main, freeSpin: 0n };
      }
      const legs: TransferLeg[] = [{ account: { house: product }, amount }];
      if (shares.freeSpin > 0n) legs.push({ account: { house: 'bonus_pool' }, amount: -shares.freeSpin });
      if (shares.main > 0n) legs.push({ account: { userId, kind: 'main' }, amount: -shares.main });
      if (shares.bonus > 0n) legs.push({ account: { userId, kind: 'bonus' }, amount: -shares.bonus });
      const transfer = await wallet.transfer(
        {
          idempotencyKey: request.transferKey,
          kind: PRODUCT_TRANSFER_KINDS[product].stake,
          currency,
          legs,
          metadata: request.metadata ?? {},
        },
        tx,
      );
      await insertStake(tx, {
        sourceKey: request.sourceKey,
        userId,
        product,
        currency,
        gameType: request.gameType,
        oddThousandths: request.oddThousandths ?? null,
        amount,
        ...shares,
        userBonusId: locked?.bonus.id ?? null,
        stakeTransferId: transfer.transferId,
        createdAt: clock.now(),
      });
      if (locked && freeSpin) {
        await setFreeSpinsLeft(tx, locked.bonus.id, -1);
      } else if (locked && product === 'casino') {
        await countStake(tx, locked, request.sourceKey, request.gameType, amount);
        await completeIfDone(tx, wallet, locked.bonus.id, clock.now());
      }
      return { transferId: transfer.transferId, shares, bonusId: locked?.bonus.id ?? null, freeSpin };
    },

    /**
     * Pays a win on stakes (or settles them with nothing to pay): each stake earns its part of the win by its amount,
     * and the part its bonus-funded share earned goes where that bonus's money goes now. Sports stakes count towards
     * their bonus's wagering here, when they settle. A free spin's winnings become bonus money that carries the wager.
     */
    async pay(
      tx: Tx,
      request: PayRequest,
    ): Promise<{ transferId: number | null; credited: Credited; withheld: bigint }> {
      const { product, userId, amount } = request;
      const locked = await lockActiveBonus(tx, userId);
      const rows = (await lockStakes(tx, userId, request.sourceKeys)).filter((row) => row.status !== 'refunded');
      if (locked) {
        for (const row of rows) {
          if (row.product !== 'sports' || row.status !== 'open' || row.userBonusId !== locked.bonus.id) continue;
          const odd = row.oddThousandths === null ? undefined : Number(row.oddThousandths);
          await countStake(tx, locked, row.sourceKey, row.gameType as BonusGameType, row.amount, odd);
        }
      }
      const total = rows.reduce((sum, row) => sum + row.amount, 0n);
      const destinationOf = await destinations(tx, rows, locked);
      const funded: Credited = { main: 0n, bonus: 0n, bonusPool: 0n };
      const late = new Map<string, bigint>();
      let freeSpun = 0n;
      for (const row of rows) {
        const destination = destinationOf(row);
        funded[destination] += row.bonus + row.freeSpin;
        if (destination === 'bonus') freeSpun += row.freeSpin;
        if (destination === 'main' && row.userBonusId !== null) {
          const share = portion(amount, row.bonus + row.freeSpin, total);
          late.set(row.userBonusId, (late.get(row.userBonusId) ?? 0n) + share);
        }
      }
      const credited: Credited = {
        main: 0n,
        bonus: portion(amount, funded.bonus, total),
        bonusPool: portion(amount, funded.bonusPool, total),
      };
      credited.main = amount - credited.bonus - credited.bonusPool;
      await capLateShares(tx, credited, late);
      const withheld = keepOwed(credited, request.withhold ?? 0n);
      let transferId: number | null = null;
      if (amount - withheld > 0n) {
        const result = await wallet.transfer(
          {
            idempotencyKey: request.transferKey,
            kind: PRODUCT_TRANSFER_KINDS[product].pay,
            currency: request.currency,
            legs: legsOf(product, userId, amount - withheld, credited),
            metadata: request.metadata ?? {},
          },
          tx,
        );
        transferId = result.transferId;
      }
      if (locked && freeSpun > 0n) await addFreeSpinWinnings(tx, locked, portion(amount, freeSpun, total));
      await markStakes(
        tx,
        rows.filter((row) => row.status === 'open').map((row) => row.sourceKey),
        'settled',
        clock.now(),
      );
      if (locked) await completeIfDone(tx, wallet, locked.bonus.id, clock.now());
      return { transferId, credited, withheld };
    },

    /**
     * Puts a settled (or refunded) stake back to open, for a trader's re-settlement of its bet: its wagering
     * contribution is taken back from its bonus while that runs, so settling it again counts it at most once. Takes the
     * bonus row and then the stake row, the order pay and refund take them. Moves no money: the caller takes back what
     * the earlier settlement paid.
     */
    async reopen(tx: Tx, request: { userId: number; sourceKey: string }): Promise<boolean> {
      await lockActiveBonus(tx, request.userId);
      const [row] = await lockStakes(tx, request.userId, [request.sourceKey]);
      if (!row) return false;
      await uncountStake(tx, request.userId, row.sourceKey);
      await reopenStake(tx, row.sourceKey);
      return true;
    },

    /**
     * Undoes a stake (a rollback, a void): its wagering contribution is taken back from its bonus while that runs, a
     * free spin is given back, and each share returns where its money belongs now. A stake already refunded, or
     * never taken, returns nothing.
     */
    async refund(
      tx: Tx,
      request: RefundRequest,
    ): Promise<{ transferId: number | null; returned: bigint; withheld: bigint }> {
      const { product, userId } = request;
      const locked = await lockActiveBonus(tx, userId);
      const [row] = await lockStakes(tx, userId, [request.sourceKey]);
      if (!row || row.status === 'refunded') return { transferId: null, returned: 0n, withheld: 0n };
      await uncountStake(tx, userId, row.sourceKey);
      if (locked && row.freeSpin > 0n && row.userBonusId === locked.bonus.id) {
        await setFreeSpinsLeft(tx, locked.bonus.id, 1);
      }
      const destination = (await destinations(tx, [row], locked))(row);
      const credited: Credited = { main: row.main, bonus: 0n, bonusPool: 0n };
      credited[destination] += row.bonus;
      if (destination === 'main' && row.userBonusId !== null) {
        await capLateShares(tx, credited, new Map([[row.userBonusId, row.bonus]]));
      }
      const withheld = keepOwed(credited, request.withhold ?? 0n);
      const result =
        row.amount - withheld > 0n
          ? await wallet.transfer(
              {
                idempotencyKey: request.transferKey,
                kind: PRODUCT_TRANSFER_KINDS[product].refund,
                currency: row.currency,
                // A free spin's stake was the pool's own money: it goes back there.
                legs: legsOf(product, userId, row.amount - withheld, credited, row.freeSpin),
                metadata: request.metadata ?? {},
              },
              tx,
            )
          : null;
      await markStakes(tx, [row.sourceKey], 'refunded', clock.now());
      return { transferId: result?.transferId ?? null, returned: row.amount, withheld };
    },
  };
}

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
  contributionOf,
  countStake,
  lockActiveBonus,
  readActiveBonus,
  setFreeSpinsLeft,
  uncountStake,
  type LockedBonus,
} from '../bonuses/bonus-engine';
import { BonusMaxBetExceededError } from '../bonuses/bonus-errors';
import type { PreparedTransfer, TransferLeg, WalletService } from '../wallet/wallet-service';
import { InsufficientFundsError } from '../wallet/wallet-errors';
import {
  findStake,
  firstStakeProduct,
  insertStake,
  lockStakes,
  markStakes,
  reopenStake,
  shrinkStake,
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
  /**
   * A preview asks (nothing will be taken): the guard must only read, taking no lock and writing nothing (the preview
   * runs in a read-only transaction, which refuses both).
   */
  dryRun: boolean;
  /** A preview of a slip: what the bets before this one on the same slip would stake first (0 otherwise). */
  ahead: bigint;
}

/**
 * Runs inside the stake's transaction before any other lock of the stake is taken (player protection's limit rows come
 * first in every stake's lock order, then the active bonus row, then the ledger accounts) and before any money moves.
 * It refuses by throwing an AppError (4xx, snake_case code); it runs in a savepoint (or, for a caller that ends its
 * transaction on a refusal, in that transaction), so whatever it wrote is rolled back with the refusal.
 */
export type StakeGuard = (tx: Tx, stake: StakeIntent) => Promise<void>;

/**
 * A guard decided without statements of its own, for a placement in one statement: from the player's guard inputs as
 * `player_stake_guard_state` (migration 0044) wrote them in one read, whether the guard would let any stake of the
 * player through (and for how many milliseconds more, for a rule that time tightens); null when it would refuse, or when only the guard
 * itself can tell. The placement compares the inputs again under its locks, so the answer holds for what it places.
 */
export type GuardClearance = (guardState: string, userId: number) => { msLeft: number | null } | null;

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

export interface CashOutRequest {
  transferKey: string;
  userId: number;
  currency: string;
  sourceKey: string;
  /** The part of the stake cashed out (the whole remaining stake: the stake is settled). */
  part: bigint;
  /** What the cash out pays. */
  amount: bigint;
  /** Count the part towards the bonus's wagering (the operator's setting), under this contribution key. */
  countAs?: string;
  /** What the player owes on the same bet (a re-settlement's shortfall): kept from what this pays them, first. */
  withhold?: bigint;
  metadata?: Record<string, unknown>;
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

/** A stake's legs: the house's product account takes the stake, each share from where it is paid. */
function stakeLegs(product: StakeProduct, userId: number, amount: bigint, shares: StakeShares): TransferLeg[] {
  const legs: TransferLeg[] = [{ account: { house: product }, amount }];
  if (shares.freeSpin > 0n) legs.push({ account: { house: 'bonus_pool' }, amount: -shares.freeSpin });
  if (shares.main > 0n) legs.push({ account: { userId, kind: 'main' }, amount: -shares.main });
  if (shares.bonus > 0n) legs.push({ account: { userId, kind: 'bonus' }, amount: -shares.bonus });
  return legs;
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

/** What the funding decision needs of a stake. */
export type FundingAsk = Pick<StakeRequest, 'product' | 'currency' | 'amount' | 'gameSlug'>;

/**
 * What the funding decision is made from: the player's money and the active bonus, read under the placement's locks
 * (the bonus row locked first, the balances read after it in the same transaction) or, for a preview, without them.
 */
export interface FundingState {
  main: bigint;
  /** Money on the bonus balance: playable only through a bonus that takes part in the stake. */
  bonus: bigint;
  /** The active bonus when it takes part in this stake (its scope allows it); undefined otherwise. */
  scoped: LockedBonus | undefined;
}

export type FundingDecision =
  | { kind: 'funded'; shares: StakeShares; freeSpin: boolean; bonus: LockedBonus | undefined }
  | { kind: 'refused'; error: AppError };

/** A free spin: the campaign's game at exactly its spin stake while spins are left. */
function isFreeSpin(bonus: LockedBonus | undefined, ask: FundingAsk): boolean {
  const campaign = bonus?.campaign;
  return (
    ask.product === 'casino' &&
    bonus !== undefined &&
    campaign!.kind === 'free_spins' &&
    (bonus.bonus.freeSpinsLeft ?? 0) > 0 &&
    campaign!.gameSlug === ask.gameSlug &&
    campaign!.freeSpinStake === ask.amount
  );
}

/** The bonus as a preview sees it once the stakes ahead of it on the slip have played their free spins. */
function withSpinsUsed(bonus: LockedBonus | undefined, ahead: Ahead | undefined): LockedBonus | undefined {
  if (!bonus || !ahead || ahead.freeSpins === 0) return bonus;
  const left = Math.max(0, (bonus.bonus.freeSpinsLeft ?? 0) - ahead.freeSpins);
  return { ...bonus, bonus: { ...bonus.bonus, freeSpinsLeft: left } };
}

/**
 * How a stake is paid, or why it is refused: the one rule placement and preview share. A free spin is the house bonus
 * pool's; otherwise the bonus max bet applies while a bonus takes part, then main money pays first and the bonus's
 * money the rest. Pure: whoever calls it decides how the state was read.
 */
export function decideFunding(ask: FundingAsk, state: FundingState): FundingDecision {
  const { amount, currency } = ask;
  const bonus = state.scoped;
  const freeSpin = isFreeSpin(bonus, ask);
  const maxBet = bonus?.campaign.maxBet ?? null;
  if (bonus && !freeSpin && maxBet !== null && amount > maxBet) {
    const shown = isCurrency(currency) ? formatMinor(maxBet, currency) : undefined;
    return { kind: 'refused', error: new BonusMaxBetExceededError(shown) };
  }
  if (freeSpin) return { kind: 'funded', shares: { main: 0n, bonus: 0n, freeSpin: amount }, freeSpin, bonus };
  // Bonus money is playable only while its bonus is being wagered and takes part in the stake.
  const bonusMoney = bonus ? state.bonus : 0n;
  if (state.main + bonusMoney < amount) {
    return { kind: 'refused', error: new InsufficientFundsError(0, state.main + bonusMoney) };
  }
  const main = amount <= state.main ? amount : state.main;
  return { kind: 'funded', shares: { main, bonus: amount - main, freeSpin: 0n }, freeSpin, bonus };
}

/** A stake a preview asks about: a placement's request without what only a placement has (its keys). */
export type PreviewRequest = Omit<
  StakeRequest,
  'sourceKey' | 'transferKey' | 'metadata' | 'newSource' | 'refusalEndsTransaction'
> & {
  /**
   * The product's own refusal, met before the pipeline would be asked (a stake under the sportsbook's minimum): the
   * preview answers it as the decision, with the money and the bonus as they are, and asks no guard.
   */
  refusedBefore?: AppError;
};

/** What a placement of the stake would do now, as far as its money goes. */
export interface StakePreview {
  decision: FundingDecision;
  /** The money the decision was made on: the player's balances less the shares of the stakes ahead of it. */
  balances: { main: bigint; bonus: bigint };
  /** The player's active bonus, whether or not it takes part in this stake. */
  active: LockedBonus | undefined;
  /** Whether the active bonus takes part (funds the stake, caps it, counts it); false without one. */
  takesPart: boolean;
  /** What the stake counts towards the bonus's wagering if taken: casino when taken, sports when it settles won or lost. */
  contribution: bigint;
}

/** What the stakes ahead of one on the same slip take first. */
interface Ahead {
  main: bigint;
  bonus: bigint;
  staked: bigint;
  freeSpins: number;
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
  /** Each guard's clearance (undefined: the guard has none), in the guards' order. */
  const clearances: (GuardClearance | undefined)[] = [];
  const scopes: BonusScope[] = [];
  /** The errors guards refused with, so a caller can tell a guard's refusal from the pipeline's own. */
  const refusals = new WeakSet<object>();

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

  /**
   * Main money plus the bonus money of the bonus being wagered: what the player can stake. Only reported, never decided
   * on, so it takes no lock: a provider's balance call neither waits for a stake nor closes a deadlock with one (a stake
   * inside `tx` has locked and changed the accounts already, and reads its own writes).
   */
  async function playable(userId: number, currency: string, tx?: Tx): Promise<bigint> {
    const { main, bonus } = await wallet.balances(userId, currency, tx, { lock: false });
    if (bonus === 0n) return main;
    return (await activeBonusId(tx ?? db, userId)) ? main + bonus : main;
  }

  /**
   * Everything a stake asks before money moves, in the one order every stake takes: the guards (their rows come first
   * in every stake's lock order), the active bonus row, the bonus's scope, the balances, and the funding decision.
   * A placement (`ahead` absent) locks as it reads and throws a guard's refusal; a preview (`ahead`: what the stakes
   * before it on the same slip take) only reads, and answers a guard's refusal as its decision.
   */
  async function evaluate(tx: Tx, request: StakeRequest, ahead?: Ahead, refusedBefore?: AppError) {
    const { product, userId, currency, amount } = request;
    const dryRun = ahead !== undefined;
    // The guards see the free spin as the bonus stands now; in a placement the bonus row, locked next, decides it.
    // Only a casino stake can be a free spin: a sports placement needs no look at the bonus before its lock.
    const seen = product === 'casino' || dryRun ? withSpinsUsed(await readActiveBonus(tx, userId), ahead) : undefined;
    const intent: StakeIntent = {
      product,
      userId,
      currency,
      amount,
      gameType: request.gameType,
      sourceKey: request.sourceKey,
      freeSpin: isFreeSpin(seen, request),
      sessionId: request.sessionId ?? null,
      dryRun,
      ahead: ahead?.staked ?? 0n,
    };
    let refusal: AppError | undefined = dryRun ? refusedBefore : undefined;
    for (const guard of refusal ? [] : guards) {
      try {
        if (dryRun || request.refusalEndsTransaction) await guard(tx, intent);
        else await tx.transaction((savepoint) => guard(savepoint, intent));
      } catch (error) {
        const refused = error instanceof AppError && error.statusCode < 500;
        if (refused) refusals.add(error);
        if (!dryRun || !refused) throw error;
        refusal = error;
        break;
      }
    }
    const active = dryRun ? seen : await lockActiveBonus(tx, userId);
    const scoped = await inScope(tx, intent, active);
    const held = await wallet.balances(userId, currency, tx, { lock: !dryRun });
    const balances = { main: held.main - (ahead?.main ?? 0n), bonus: held.bonus - (ahead?.bonus ?? 0n) };
    const decision: FundingDecision = refusal
      ? { kind: 'refused', error: refusal }
      : decideFunding(request, { ...balances, scoped });
    return { active, scoped, balances, decision };
  }

  return {
    /**
     * Adds a guard every stake of every product runs (player protection: limits, exclusions, verification), with the
     * way it is decided for a placement in one statement, if it has one (a guard without one keeps every stake on this
     * pipeline's own path).
     */
    addGuard(guard: StakeGuard, clearance?: GuardClearance): void {
      guards.push(guard);
      clearances.push(clearance);
    },

    /**
     * Whether every guard lets a stake of the player through on the guard inputs read (`player_stake_guard_state`),
     * and for how long (the shortest of their times, in milliseconds; null: no time): null when a guard would refuse,
     * leaves it to itself, or has no clearance. For a placement in one statement, which compares the inputs again under its locks
     * and steps aside for `stake` when they changed or the time passed.
     */
    clearance(guardState: string, userId: number): { msLeft: number | null } | null {
      let msLeft: number | null = null;
      for (const clearance of clearances) {
        const cleared = clearance?.(guardState, userId);
        if (!cleared) return null;
        if (cleared.msLeft !== null && (msLeft === null || cleared.msLeft < msLeft)) msLeft = cleared.msLeft;
      }
      return { msLeft };
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
     * Takes a stake: guards, bonus lock, scope, the funding decision (free spin, max bet, main money first, then the
     * active bonus's money; `decideFunding`), the ledger transfer, the stake record, and the casino's wagering count (a
     * sports stake counts when it settles: a void bet never counts). Refuses with BonusMaxBetExceededError,
     * InsufficientFundsError or a guard's error, having moved nothing.
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
      const { decision } = await evaluate(tx, request);
      if (decision.kind === 'refused') throw decision.error;
      const { shares, freeSpin, bonus: locked } = decision;
      const legs = stakeLegs(product, userId, amount, shares);
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
     * A dry run of `stake` for stakes about to be asked (a bet slip's bets in the order the slip places them, or one
     * casino bet): the same guards (told to only read), the same bonus and scope, the same `decideFunding`, on the
     * money and the bonus as they are now, in one read-only transaction, so it can neither lock nor write. Each stake
     * sees the ones before it taken (their shares off the balances, their amounts ahead of the limits); a refused one
     * is not taken. A casino stake's wagering count could complete the bonus before the
     * next one: previews of several casino stakes do not follow that (nobody asks for them; the slip is sports).
     */
    async preview(requests: PreviewRequest[]): Promise<StakePreview[]> {
      return db.transaction(
        async (tx) => {
          const ahead: Ahead = { main: 0n, bonus: 0n, staked: 0n, freeSpins: 0 };
          const previews: StakePreview[] = [];
          for (const request of requests) {
            const { refusedBefore, ...rest } = request;
            const asked: StakeRequest = { ...rest, sourceKey: 'preview', transferKey: 'preview' };
            const { active, scoped, balances, decision } = await evaluate(tx, asked, { ...ahead }, refusedBefore);
            const freeSpin = decision.kind === 'funded' ? decision.freeSpin : isFreeSpin(scoped, asked);
            const odd = request.oddThousandths === undefined ? undefined : Number(request.oddThousandths);
            previews.push({
              decision,
              balances,
              active,
              takesPart: scoped !== undefined,
              contribution:
                scoped && !freeSpin ? contributionOf(scoped.campaign, request.gameType, request.amount, odd) : 0n,
            });
            if (decision.kind !== 'funded') continue;
            ahead.main += decision.shares.main;
            ahead.bonus += decision.shares.bonus;
            ahead.staked += request.amount;
            if (decision.freeSpin) ahead.freeSpins += 1;
          }
          return previews;
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
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
     * Pays a cash out of (part of) an open sports stake: the part's shares leave the stake (which keeps the rest, its
     * shares lowered in proportion, or is settled when nothing is left), and what the cash out pays goes where each
     * share's money belongs now, as a win would (`pay`): the bonus-funded part's share to the bonus while it runs, to
     * main money once it completed, to the house once it ended. Counts nothing towards wagering unless `countAs` is
     * given. Takes the bonus row, then the stake row, then the ledger: the lock order of every payment. Answers null
     * when the stake is not open (nothing moved).
     */
    async cashOut(
      tx: Tx,
      request: CashOutRequest,
    ): Promise<{
      transferId: number | null;
      credited: Credited;
      withheld: bigint;
      /** The shares the part took out of the stake. */
      taken: StakeShares;
      /** The stake's shares as recorded now (a whole cash out keeps them on the settled stake). */
      left: StakeShares;
    } | null> {
      const { userId, part, amount } = request;
      const locked = await lockActiveBonus(tx, userId);
      const [row] = await lockStakes(tx, userId, [request.sourceKey]);
      if (!row || row.status !== 'open' || part <= 0n || part > row.amount) return null;
      const full = part === row.amount;
      const taken = {
        bonus: full ? row.bonus : portion(row.bonus, part, row.amount),
        freeSpin: full ? row.freeSpin : portion(row.freeSpin, part, row.amount),
        main: 0n,
      };
      taken.main = part - taken.bonus - taken.freeSpin;
      const destination = (await destinations(tx, [row], locked))(row);
      const credited: Credited = { main: 0n, bonus: 0n, bonusPool: 0n };
      const bonusFunded = portion(amount, taken.bonus + taken.freeSpin, part);
      credited[destination] += bonusFunded;
      credited.main += amount - bonusFunded;
      if (destination === 'main' && row.userBonusId !== null) {
        await capLateShares(tx, credited, new Map([[row.userBonusId, bonusFunded]]));
      }
      const withheld = keepOwed(credited, request.withhold ?? 0n);
      let transferId: number | null = null;
      if (amount - withheld > 0n) {
        const result = await wallet.transfer(
          {
            idempotencyKey: request.transferKey,
            kind: 'sports_cash_out',
            currency: request.currency,
            legs: legsOf('sports', userId, amount - withheld, credited),
            metadata: request.metadata ?? {},
          },
          tx,
        );
        transferId = result.transferId;
      }
      if (locked && request.countAs && row.userBonusId === locked.bonus.id) {
        const odd = row.oddThousandths === null ? undefined : Number(row.oddThousandths);
        await countStake(tx, locked, request.countAs, row.gameType as BonusGameType, part, odd);
      }
      if (full) await markStakes(tx, [row.sourceKey], 'settled', clock.now());
      else await shrinkStake(tx, row.sourceKey, taken);
      if (locked) await completeIfDone(tx, wallet, locked.bonus.id, clock.now());
      const left = full
        ? { main: row.main, bonus: row.bonus, freeSpin: row.freeSpin }
        : { main: row.main - taken.main, bonus: row.bonus - taken.bonus, freeSpin: row.freeSpin - taken.freeSpin };
      return { transferId, credited, withheld, taken, left };
    },

    /**
     * The payout `cashOut` makes for a stake paid with main money only, while the player has no active bonus and owes
     * nothing on the bet (a cash out's `withhold` of 0): the whole amount from the house to main money, as the
     * wallet's `ledger_transfer` takes it. For a database function that checks those conditions under `cashOut`'s locks
     * (the bonus row, then the stake row) and runs the transfer in its own statement (the sports cash out in one
     * statement); what it answered goes to `ranInside`.
     */
    mainMoneyCashOut(request: Omit<CashOutRequest, 'part' | 'countAs' | 'withhold'>): PreparedTransfer {
      return wallet.prepare({
        idempotencyKey: request.transferKey,
        kind: 'sports_cash_out',
        currency: request.currency,
        legs: legsOf('sports', request.userId, request.amount, { main: request.amount, bonus: 0n, bonusPool: 0n }),
        metadata: request.metadata ?? {},
      });
    },

    /**
     * The transfer `stake` makes for a stake paid with main money only, the player having no active bonus (so no
     * bonus money, no maximum bet, no free spin): the whole amount from main money to the house's product account, as
     * the wallet's `ledger_transfer` takes it. For a database function that checks those conditions under `stake`'s
     * locks (the guards' rows, the bonus row, the player's accounts) and runs the transfer in its own statement (the
     * sports placement in one statement); what it answered goes to `ranInside`.
     */
    mainMoneyStake(
      request: Pick<StakeRequest, 'product' | 'transferKey' | 'userId' | 'currency' | 'amount' | 'metadata'>,
    ): PreparedTransfer {
      const { product, userId, amount } = request;
      return wallet.prepare({
        idempotencyKey: request.transferKey,
        kind: PRODUCT_TRANSFER_KINDS[product].stake,
        currency: request.currency,
        legs: stakeLegs(product, userId, amount, { main: amount, bonus: 0n, freeSpin: 0n }),
        metadata: request.metadata ?? {},
      });
    },

    /** What follows a prepared transfer's statement (the wallet's `ranInside`): a refusal thrown, an applied one announced. */
    ranInside: wallet.ranInside,

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

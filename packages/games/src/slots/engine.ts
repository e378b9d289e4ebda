import type { Multiplier } from '../multiplier';

/**
 * One slot engine, many games: a configuration names the reels, rows, reel strips, how wins are read (fixed paylines
 * or "all ways"), the paytable, the wild, the scatter and its free spins, and the engine plays it. Everything is data,
 * so a title is a configuration and its return to player is computed exactly from that data (`slotConfigRtp`).
 *
 * A spin reads one float per reel: the reel stops at floor(f × strip length) and shows that position and the next
 * rows − 1 (wrapping round the strip). Pays are counted in coins: a stake is `coins` coins (the number of lines of a
 * line game), so a spin pays (its coins won) / coins times the stake.
 * - Lines: a line pays its best left-to-right run of one symbol (the wild standing in for any symbol but the scatter)
 *   or of wilds alone, whichever pays more.
 * - Ways: every symbol pays for each way it runs from the leftmost reel: the product, over the consecutive reels from
 *   the first, of how many of that reel's rows show it or a wild. Wilds never sit on the first reel of a ways game.
 * - Scatter: counted anywhere; pays `scatterPays[count]` times the stake, and `freeSpins.trigger` or more start the
 *   free spins: `spins` more spins on the same reels, each paying `multiplier` times, drawn from the round's next
 *   floats (no retrigger, so a round always needs reels × (1 + spins) floats and its largest win is bounded).
 *   A symbol may be both the wild and the scatter (the "book" of book slots).
 */
export type SlotVolatility = 'low' | 'medium' | 'high';

export type SlotEvaluation<S extends string> =
  { kind: 'lines'; paylines: readonly (readonly number[])[] } | { kind: 'ways'; firstReelWithoutWild?: S };

export interface SlotConfig<S extends string = string> {
  id: string;
  reels: number;
  rows: number;
  /** Every symbol, in the order strips are dealt (rarest first). */
  symbols: readonly S[];
  wild: S | null;
  scatter: S | null;
  /** How many of each symbol each reel strip holds; strips are dealt from these counts by `buildStrip`. */
  reelCounts: readonly Partial<Record<S, number>>[];
  evaluation: SlotEvaluation<S>;
  /** Coins won by a run of n of a symbol, indexed by n (0 to reels); a line pays per line, ways pay per way. */
  paytable: Partial<Record<S, readonly number[]>>;
  /** Coins a stake is split into (the number of lines of a line game). */
  coins: number;
  /** Multiples of the stake paid by n scatters anywhere, indexed by n. */
  scatterPays?: readonly number[];
  freeSpins?: { trigger: number; spins: number; multiplier: number };
  volatility: SlotVolatility;
}

export interface SlotLineWin<S extends string = string> {
  /** Index into the paylines. */
  line: number;
  symbol: S;
  count: number;
  /** In coins (line bets). */
  pay: number;
}

export interface SlotWaysWin<S extends string = string> {
  symbol: S;
  count: number;
  ways: number;
  /** In coins: the symbol's pay times its ways. */
  pay: number;
}

export interface SlotSpin<S extends string = string> {
  /** Stop position on each reel's strip. */
  stops: number[];
  /** grid[reel][row]. */
  grid: S[][];
  wins: (SlotLineWin<S> | SlotWaysWin<S>)[];
  scatter?: { count: number; pay: number };
}

export interface SlotConfigOutcome<S extends string = string> extends SlotSpin<S> {
  freeSpins?: { multiplier: number; spins: SlotSpin<S>[] };
  /** Everything the round pays: (base coins + multiplier × free spin coins) / coins. */
  multiplier: Multiplier;
}

/** Deals the symbols round-robin, rarest first, so equal symbols are spread along the strip instead of clumped. */
export function buildStrip<S extends string>(symbols: readonly S[], counts: Partial<Record<S, number>>): S[] {
  const remaining = new Map(symbols.map((symbol) => [symbol, counts[symbol] ?? 0]));
  const strip: S[] = [];
  while ([...remaining.values()].some((left) => left > 0)) {
    for (const symbol of symbols) {
      const left = remaining.get(symbol)!;
      if (left > 0) {
        strip.push(symbol);
        remaining.set(symbol, left - 1);
      }
    }
  }
  return strip;
}

export function slotStrips<S extends string>(config: SlotConfig<S>): S[][] {
  return config.reelCounts.map((counts) => buildStrip(config.symbols, counts));
}

export function slotFloats(config: SlotConfig): number {
  return config.reels * (1 + (config.freeSpins?.spins ?? 0));
}

function payFor<S extends string>(config: SlotConfig<S>, symbol: S, count: number): number {
  return config.paytable[symbol]?.[count] ?? 0;
}

/** The best pay of one line's symbols, left to right. */
export function evaluateLineFor<S extends string>(
  config: SlotConfig<S>,
  symbols: readonly S[],
): { symbol: S; count: number; pay: number } {
  const wild = config.wild;
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === wild) wildRun += 1;
  const wildPay = wild === null ? 0 : payFor(config, wild, wildRun);
  if (wildRun === symbols.length) return { symbol: wild!, count: wildRun, pay: wildPay };
  const symbol = symbols[wildRun]!;
  let run = wildRun;
  // The scatter is paid anywhere, never on a line, and the wild does not stand in for it.
  if (symbol !== config.scatter) {
    while (run < symbols.length && (symbols[run] === symbol || symbols[run] === wild)) run += 1;
  }
  const symbolPay = symbol === config.scatter ? 0 : payFor(config, symbol, run);
  return symbolPay >= wildPay || wild === null
    ? { symbol, count: run, pay: symbolPay }
    : { symbol: wild, count: wildRun, pay: wildPay };
}

function waysWins<S extends string>(config: SlotConfig<S>, grid: readonly (readonly S[])[]): SlotWaysWin<S>[] {
  const wins: SlotWaysWin<S>[] = [];
  for (const symbol of config.symbols) {
    if (symbol === config.wild || symbol === config.scatter) continue;
    let ways = 1;
    let count = 0;
    for (const column of grid) {
      const matches = column.filter((shown) => shown === symbol || shown === config.wild).length;
      if (matches === 0) break;
      ways *= matches;
      count += 1;
    }
    const pay = payFor(config, symbol, count);
    if (pay > 0) wins.push({ symbol, count, ways, pay: pay * ways });
  }
  return wins;
}

function spin<S extends string>(
  config: SlotConfig<S>,
  strips: readonly (readonly S[])[],
  floats: readonly number[],
  offset: number,
): SlotSpin<S> {
  const stops: number[] = [];
  const grid: S[][] = [];
  for (let reel = 0; reel < config.reels; reel += 1) {
    const strip = strips[reel]!;
    const stop = Math.floor(floats[offset + reel]! * strip.length);
    stops.push(stop);
    const column: S[] = [];
    for (let row = 0; row < config.rows; row += 1) column.push(strip[(stop + row) % strip.length]!);
    grid.push(column);
  }
  let wins: (SlotLineWin<S> | SlotWaysWin<S>)[];
  if (config.evaluation.kind === 'lines') {
    wins = [];
    const line: S[] = [];
    const paylines = config.evaluation.paylines;
    for (let index = 0; index < paylines.length; index += 1) {
      const rows = paylines[index]!;
      for (let reel = 0; reel < config.reels; reel += 1) line[reel] = grid[reel]![rows[reel]!]!;
      const result = evaluateLineFor(config, line);
      if (result.pay > 0) wins.push({ line: index, symbol: result.symbol, count: result.count, pay: result.pay });
    }
  } else {
    wins = waysWins(config, grid);
  }
  const result: SlotSpin<S> = { stops, grid, wins };
  if (config.scatter !== null) {
    let count = 0;
    for (const column of grid) for (const shown of column) if (shown === config.scatter) count += 1;
    result.scatter = { count, pay: (config.scatterPays?.[count] ?? 0) * config.coins };
  }
  return result;
}

function spinCoins(result: SlotSpin): number {
  let coins = result.scatter?.pay ?? 0;
  for (const win of result.wins) coins += win.pay;
  return coins;
}

const stripsCache = new WeakMap<SlotConfig, string[][]>();

function cachedStrips<S extends string>(config: SlotConfig<S>): S[][] {
  let strips = stripsCache.get(config);
  if (!strips) {
    strips = slotStrips(config);
    stripsCache.set(config, strips);
  }
  // The cache holds the strips this very configuration built, so they are of its symbol type.
  return strips as S[][];
}

/** Plays one round of a configuration from its floats (see `slotFloats`). */
export function playSlotConfig<S extends string>(
  config: SlotConfig<S>,
  floats: readonly number[],
): SlotConfigOutcome<S> {
  const strips = cachedStrips(config);
  const base = spin(config, strips, floats, 0);
  let coins = spinCoins(base);
  const feature = config.freeSpins;
  let freeSpins: SlotConfigOutcome<S>['freeSpins'];
  if (feature && base.scatter && base.scatter.count >= feature.trigger) {
    const spins: SlotSpin<S>[] = [];
    for (let index = 1; index <= feature.spins; index += 1) {
      const free = spin(config, strips, floats, index * config.reels);
      spins.push(free);
      coins += feature.multiplier * spinCoins(free);
    }
    freeSpins = { multiplier: feature.multiplier, spins };
  }
  const outcome: SlotConfigOutcome<S> = { ...base, multiplier: { numerator: coins, denominator: config.coins } };
  if (freeSpins) outcome.freeSpins = freeSpins;
  return outcome;
}

/** Each reel's symbol frequencies: a row of a reel shows each symbol with its share of the strip. */
function frequencies<S extends string>(config: SlotConfig<S>): Map<S, number>[] {
  return slotStrips(config).map((strip) => {
    const shares = new Map<S, number>();
    for (const symbol of strip) shares.set(symbol, (shares.get(symbol) ?? 0) + 1 / strip.length);
    return shares;
  });
}

/** For each reel, the distribution (index = how many) of visible positions that satisfy `matches`, over its stops. */
function windowCounts<S extends string>(config: SlotConfig<S>, matches: (symbol: S) => boolean): number[][] {
  return slotStrips(config).map((strip) => {
    const distribution = new Array<number>(config.rows + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let count = 0;
      for (let row = 0; row < config.rows; row += 1) if (matches(strip[(stop + row) % strip.length]!)) count += 1;
      distribution[count]! += 1 / strip.length;
    }
    return distribution;
  });
}

export interface SlotRtpBreakdown {
  /** Expected line or ways pay of one spin, in stakes. */
  lines: number;
  /** Expected scatter pay of one spin, in stakes. */
  scatter: number;
  /** Chance that a spin starts the free spins. */
  triggerChance: number;
  /** Expected pay of the free spins, in stakes, per spin played. */
  freeSpins: number;
  rtp: number;
}

/**
 * The exact return to player of a configuration.
 * - Lines: every line reads one symbol per reel, and each row of a reel shows each symbol with the strip's frequency,
 *   reels independent; so every line has the same expected pay, found by enumerating every symbol sequence.
 * - Ways: a symbol's ways are a product over independent reels, so the expectation of a run of exactly n is the
 *   product of the first n reels' expected matching rows times the chance that reel n + 1 shows none; each reel's
 *   distribution comes from all its stops.
 * - Scatter: the count is a sum over independent reels, its distribution the convolution of each reel's.
 * - Free spins (no retrigger): N spins at multiplier m on the same reels are worth N × m × one spin's expected pay,
 *   earned with the trigger chance; by linearity of expectation the whole return is
 *   spin + P(trigger) × N × m × spin.
 */
export function slotConfigRtp<S extends string>(config: SlotConfig<S>): SlotRtpBreakdown {
  let lineCoins = 0;
  if (config.evaluation.kind === 'lines') {
    const shares = frequencies(config);
    const sequence: S[] = [];
    let expected = 0;
    const visit = (reel: number, probability: number) => {
      if (reel === config.reels) {
        expected += probability * evaluateLineFor(config, sequence).pay;
        return;
      }
      for (const [symbol, share] of shares[reel]!) {
        sequence[reel] = symbol;
        visit(reel + 1, probability * share);
      }
    };
    visit(0, 1);
    lineCoins = expected * config.evaluation.paylines.length;
  } else {
    for (const symbol of config.symbols) {
      if (symbol === config.wild || symbol === config.scatter) continue;
      const counts = windowCounts(config, (shown) => shown === symbol || shown === config.wild);
      const means = counts.map((distribution) => distribution.reduce((sum, share, count) => sum + share * count, 0));
      let product = 1;
      for (let run = 1; run <= config.reels; run += 1) {
        product *= means[run - 1]!;
        const ends = run === config.reels ? 1 : counts[run]![0]!;
        lineCoins += payFor(config, symbol, run) * product * ends;
      }
    }
  }
  let scatterCoins = 0;
  let triggerChance = 0;
  if (config.scatter !== null) {
    let distribution = [1];
    for (const reel of windowCounts(config, (shown) => shown === config.scatter)) {
      const next = new Array<number>(distribution.length + reel.length - 1).fill(0);
      distribution.forEach((p, total) => reel.forEach((q, count) => (next[total + count]! += p * q)));
      distribution = next;
    }
    distribution.forEach((p, count) => {
      scatterCoins += p * (config.scatterPays?.[count] ?? 0) * config.coins;
      if (config.freeSpins && count >= config.freeSpins.trigger) triggerChance += p;
    });
  }
  const spinValue = (lineCoins + scatterCoins) / config.coins;
  const freeSpins = config.freeSpins
    ? triggerChance * config.freeSpins.spins * config.freeSpins.multiplier * spinValue
    : 0;
  return {
    lines: lineCoins / config.coins,
    scatter: scatterCoins / config.coins,
    triggerChance,
    freeSpins,
    rtp: spinValue + freeSpins,
  };
}

/**
 * The most a round can pay, in stakes: a bound, not always reachable, which is what a win cap needs. A spin pays at most
 * every line at the top pay (lines), or for each symbol its best run with, on each reel, the most rows any stop shows
 * it or a wild (ways), plus the most scatters any stops show together; the free spins at most that many times more.
 */
export function slotConfigMaxMultiplier<S extends string>(config: SlotConfig<S>): number {
  let spinCoins = 0;
  if (config.evaluation.kind === 'lines') {
    const topPay = Math.max(...config.symbols.map((symbol) => Math.max(0, ...(config.paytable[symbol] ?? []))));
    spinCoins = config.evaluation.paylines.length * topPay;
  } else {
    for (const symbol of config.symbols) {
      if (symbol === config.wild || symbol === config.scatter) continue;
      const most = windowCounts(config, (shown) => shown === symbol || shown === config.wild).map(
        (distribution) => distribution.length - 1 - [...distribution].reverse().findIndex((share) => share > 0),
      );
      let best = 0;
      let ways = 1;
      for (let run = 1; run <= config.reels; run += 1) {
        ways *= most[run - 1]!;
        best = Math.max(best, payFor(config, symbol, run) * ways);
      }
      spinCoins += best;
    }
  }
  if (config.scatter !== null) {
    const most = windowCounts(config, (shown) => shown === config.scatter).reduce(
      (sum, distribution) =>
        sum + distribution.length - 1 - [...distribution].reverse().findIndex((share) => share > 0),
      0,
    );
    spinCoins += Math.max(0, ...(config.scatterPays ?? []).slice(0, most + 1)) * config.coins;
  }
  const feature = config.freeSpins;
  return (spinCoins / config.coins) * (1 + (feature ? feature.spins * feature.multiplier : 0));
}

/**
 * Every game's return to player, from the engines: the exact computations and the simulations too long for the unit
 * suite (ten million rounds of blackjack and casino hold'em, the exact video poker over every deal and hold, the AA
 * bonus over every five cards, slot volatility). Heavy: run it through the machine-wide lock, e.g.
 *
 *   /work/coord/heavy npx tsx packages/games/scripts/rtp.ts            # everything, 10,000,000 simulated rounds
 *   npx tsx packages/games/scripts/rtp.ts --rounds 100000 blackjack    # one section, fewer rounds
 *
 * Sections: roulette baccarat three-card-poker video-poker sic-bo red-dog craps blackjack casino-holdem slots.
 * The figures go to docs/decisions.md ("Table games and slot configurations").
 */
import { multiplierValue } from '../src/multiplier';
import { seededFloats } from '../src/simulation';
import { SLOT_CONFIG_IDS, SLOT_CONFIGS } from '../src/slots/configs';
import { playSlotConfig, slotConfigMaxMultiplier, slotConfigRtp, slotFloats } from '../src/slots/engine';
import {
  aaBonusRtp,
  baccaratRtp,
  crapsRtp,
  redDogRtp,
  rouletteRtp,
  sicBoRtp,
  simulateBlackjack,
  simulateCasinoHoldem,
  threeCardPokerRtp,
} from '../src/table/rtp';
import { jacksOrBetterExactRtp } from '../src/table/video-poker-rtp';

const args = process.argv.slice(2);
const roundsFlag = args.indexOf('--rounds');
const rounds = roundsFlag >= 0 ? Number(args[roundsFlag + 1]) : 10_000_000;
const sections = args.filter((arg, index) => !arg.startsWith('--') && (roundsFlag < 0 || index !== roundsFlag + 1));
const wanted = (section: string) => sections.length === 0 || sections.includes(section);

const percent = (value: number, digits = 3) => `${(value * 100).toFixed(digits)}%`;

function section(name: string, run: () => Record<string, string | number>): void {
  if (!wanted(name)) return;
  const started = Date.now();
  const figures = run();
  console.log(`\n## ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const [key, value] of Object.entries(figures)) console.log(`- ${key}: ${value}`);
}

section('roulette', () => {
  const figures: Record<string, string> = {};
  for (const variant of ['european', 'french', 'american'] as const) {
    for (const [kind, rtp] of Object.entries(rouletteRtp(variant))) figures[`${variant} ${kind}`] = percent(rtp!, 4);
  }
  return figures;
});

section('baccarat', () =>
  Object.fromEntries(Object.entries(baccaratRtp()).map(([kind, rtp]) => [`${kind} (exact, 8 decks)`, percent(rtp, 4)])),
);

section('three-card-poker', () => {
  const rtp = threeCardPokerRtp();
  return {
    'ante and play, optimal, per ante (exact)': percent(rtp.antePlay, 4),
    'ante and play per total staked': percent(rtp.antePlayPerTotalStake, 4),
    'ante and play, Q-6-4': percent(rtp.antePlayQ64, 4),
    'hands where Q-6-4 is not optimal': rtp.q64Disagreements,
    'pair plus 1/4/6/30/40 (exact)': percent(rtp.pairPlus, 4),
  };
});

section('video-poker', () => {
  const { rtp, deals } = jacksOrBetterExactRtp();
  return { 'Jacks or Better 9/6, best hold on every deal (exact)': percent(rtp, 4), deals };
});

section('sic-bo', () => Object.fromEntries(Object.entries(sicBoRtp()).map(([kind, rtp]) => [kind, percent(rtp, 3)])));

section('red-dog', () => {
  const { rtp, raiseFromSpread } = redDogRtp();
  return { 'eight decks, raising when it pays (exact)': percent(rtp, 4), 'raise from spread': raiseFromSpread };
});

section('craps', () => Object.fromEntries(Object.entries(crapsRtp()).map(([bet, rtp]) => [bet, percent(rtp, 4)])));

section('blackjack', () => {
  const result = simulateBlackjack(rounds, 20_251_127);
  return {
    rounds: result.rounds.toLocaleString('en'),
    'basic strategy, per initial stake': percent(result.rtp),
    'standard error': percent(result.standardError),
    'per total staked': percent(result.perTotalStake),
  };
});

section('casino-holdem', () => {
  const result = simulateCasinoHoldem(rounds, 20_251_127);
  return {
    rounds: result.rounds.toLocaleString('en'),
    'ante and call, per ante': percent(result.rtp),
    'standard error': percent(result.standardError),
    'per total staked': percent(result.perTotalStake),
    'call rate': percent(result.callRate, 1),
    'AA bonus (exact over every five cards)': percent(aaBonusRtp(), 4),
  };
});

section('slots', () => {
  const figures: Record<string, string> = {};
  const spins = Math.min(rounds, 2_000_000);
  for (const id of SLOT_CONFIG_IDS) {
    const config = SLOT_CONFIGS[id];
    const exact = slotConfigRtp(config);
    const random = seededFloats(7);
    const floats: number[] = [];
    let sum = 0;
    let sumOfSquares = 0;
    let hits = 0;
    for (let spin = 0; spin < spins; spin += 1) {
      floats.length = 0;
      for (let index = slotFloats(config); index > 0; index -= 1) floats.push(random());
      const value = multiplierValue(playSlotConfig(config, floats).multiplier);
      sum += value;
      sumOfSquares += value * value;
      if (value > 0) hits += 1;
    }
    const mean = sum / spins;
    const sd = Math.sqrt(sumOfSquares / spins - mean * mean);
    figures[id] =
      `exact ${percent(exact.rtp)} (lines/ways ${percent(exact.lines, 2)}, scatter ${percent(exact.scatter, 2)}, ` +
      `free spins ${percent(exact.freeSpins, 2)}, trigger 1 in ${Math.round(1 / exact.triggerChance || 0)}); ` +
      `${spins.toLocaleString('en')} spins: ${percent(mean)} ± ${percent(sd / Math.sqrt(spins))}, ` +
      `sd ${sd.toFixed(2)}, hit rate ${percent(hits / spins, 1)}; max ${Math.ceil(slotConfigMaxMultiplier(config))}x; ` +
      `${config.volatility}`;
  }
  return figures;
});

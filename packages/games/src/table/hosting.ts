/**
 * What a host needs beside the engines: a round's input as JSON (stakes are bigint minor units in the engines, decimal
 * strings of minor units when stored or sent), and the action a round left alone is finished with.
 */
import type { TableGame, TableRoundInput, TableRoundState } from './games';

/** The fields of bets and actions that hold stakes (a list of them for blackjack's boxes). */
const STAKE_FIELDS: ReadonlySet<string> = new Set([
  'stake',
  'ante',
  'pairPlus',
  'aaBonus',
  'pass',
  'dontPass',
  'field',
  'boxes',
]);

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export type JsonObject = { [key: string]: JsonValue };

/** `json` when it is an object, as bets, actions, views and outcomes always are: checked, not assumed. */
export function jsonObject(json: JsonValue): JsonObject {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new TypeError('not a JSON object');
  return json;
}

/** Bigints become decimal strings; everything else is already JSON-safe in bets, actions and views. */
export function tableToJson(value: unknown): JsonValue {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(tableToJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = tableToJson(item);
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return value;
  }
  throw new TypeError(`not JSON-safe: ${typeof value}`);
}

/**
 * The same JSON with every stake replaced by `convert(stake)`: how a host turns stored minor units into the decimal
 * amounts a player reads, and back.
 */
export function mapTableStakes(value: unknown, convert: (stake: unknown) => JsonValue, stakeField = false): JsonValue {
  if (Array.isArray(value)) return value.map((item) => mapTableStakes(item, convert, stakeField));
  if (stakeField) return convert(value);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) out[key] = mapTableStakes(item, convert, STAKE_FIELDS.has(key));
    }
    return out;
  }
  return tableToJson(value);
}

function stakeFrom(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'string' && /^\d{1,18}$/.test(value)) return BigInt(value);
  throw new RangeError('a stake must be a whole number of minor units');
}

function decode(value: unknown, stakeField: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => decode(item, stakeField));
  if (stakeField) return stakeFrom(value);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = decode(item, STAKE_FIELDS.has(key));
    return out;
  }
  return value;
}

/**
 * A round's input from its JSON form (stakes as decimal strings of minor units). Only the shape of stakes is checked
 * here; `validateTableBets` and the engine's own action checks judge the rest.
 */
export function tableInputFromJson(json: {
  game: string;
  bets: unknown;
  actions: readonly unknown[];
}): TableRoundInput {
  return {
    game: json.game,
    bets: decode(json.bets, false),
    actions: json.actions.map((action) => decode(action, false)),
  } as TableRoundInput;
}

/** One action in the engine's form. */
export type TableAction = TableRoundInput['actions'][number];

/** An action from its JSON form. */
export function tableActionFromJson(json: unknown): TableAction {
  return decode(json, false) as TableAction;
}

/** Every video poker position: drawing while holding all five changes nothing. */
const HOLD_ALL = [0, 1, 2, 3, 4];

/**
 * The action a round left alone is finished with, one at a time until it is over (docs/decisions.md, "Table rounds in
 * the api"): blackjack declines insurance and stands on every hand, three card poker and casino hold'em fold, red dog
 * stands, video poker draws holding all five cards, craps rolls until the line is decided. None of them adds a stake,
 * so finishing a round never needs a bet the player did not make. Null once the round is finished.
 */
export function tableDefaultAction(state: TableRoundState): TableAction | null {
  if (state.finished) return null;
  switch (state.game) {
    case 'blackjack':
    case 'blackjack-multihand':
      return { type: state.allowedActions.includes('no_insurance') ? 'no_insurance' : 'stand' };
    case 'three-card-poker':
    case 'casino-holdem':
      return { type: 'fold' };
    case 'red-dog':
      return { type: 'stand' };
    case 'video-poker-jacks-or-better':
      return { type: 'draw', hold: HOLD_ALL };
    case 'craps':
      return { type: 'roll' };
    default:
      return null;
  }
}

/** Games whose rounds end with their first bet: no actions at all. */
export const SINGLE_STEP_TABLE_GAMES: readonly TableGame[] = [
  'roulette-european',
  'roulette-french',
  'roulette-american',
  'baccarat',
  'sic-bo',
];

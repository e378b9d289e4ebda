import type { OriginalsRound } from '@playhouse/shared/contracts/casino';
import type { Locale } from '@playhouse/shared/locales';

/** What each Originals game calls to play a round: the host sends it and answers with the round, or null if refused. */
export type PlayRound = (bet: string, params: Record<string, unknown>) => Promise<OriginalsRound | null>;

/** The props every Originals game receives from the host; `config` is the engine configuration the title plays. */
export type GameProps = { lng: Locale; currency: string; config: string | null; play: PlayRound };

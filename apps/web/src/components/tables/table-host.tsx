'use client';

import type { OriginalsSession } from '@playhouse/shared/contracts/casino';
import type { TableRoundResponse } from '@playhouse/shared/contracts/tables';
import type { Locale } from '@playhouse/shared/locales';
import { BaccaratTable } from './baccarat-table';
import { BlackjackTable } from './blackjack-table';
import { RedDogTable, VideoPokerTable } from './card-tables';
import { CrapsTable, SicBoTable } from './dice-tables';
import { CasinoHoldemTable, ThreeCardPokerTable } from './poker-tables';
import { RouletteTable } from './roulette-table';
import { useTableRound } from './use-table-round';

/**
 * The table game a session plays, by the configuration the catalogue names: each game has its own screen, all of them
 * the same round lifecycle (bets, moves, settlement) through useTableRound.
 */
export function TableHost({
  lng,
  session,
  onAnswer,
  onError,
}: {
  lng: Locale;
  session: OriginalsSession;
  onAnswer: (answer: TableRoundResponse) => void;
  onError: (failure: unknown) => void;
}) {
  const controls = useTableRound({ token: session.token, onAnswer, onError });
  const props = { lng, currency: session.currency, controls };
  switch (session.game.config) {
    case 'blackjack':
    case 'blackjack-multihand':
      return <BlackjackTable {...props} game={session.game.config} />;
    case 'roulette-european':
    case 'roulette-french':
    case 'roulette-american':
      return <RouletteTable {...props} game={session.game.config} />;
    case 'baccarat':
      return <BaccaratTable {...props} game="baccarat" />;
    case 'three-card-poker':
      return <ThreeCardPokerTable {...props} game="three-card-poker" />;
    case 'casino-holdem':
      return <CasinoHoldemTable {...props} game="casino-holdem" />;
    case 'video-poker-jacks-or-better':
      return <VideoPokerTable {...props} game="video-poker-jacks-or-better" />;
    case 'sic-bo':
      return <SicBoTable {...props} game="sic-bo" />;
    case 'red-dog':
      return <RedDogTable {...props} game="red-dog" />;
    case 'craps':
      return <CrapsTable {...props} game="craps" />;
    default:
      return null;
  }
}

import type { TableGameId } from '@playhouse/shared/contracts/tables';
import type { Locale } from '@playhouse/shared/locales';
import type { TableRoundControls } from './use-table-round';

/** What the table host gives each table game's screen; `game` is the variant of its engine the session plays. */
export type TableGameProps<Game extends TableGameId = TableGameId> = {
  lng: Locale;
  currency: string;
  game: Game;
  controls: TableRoundControls;
};

import type { Db } from '@playhouse/db';
import type { StakePreview, StakePreviewQuery } from '@playhouse/shared';
import { asCurrency, parsePositiveAmount } from '../../lib/amounts';
import { NotFoundError } from '../../lib/errors';
import { gameTypeOf } from '../bonuses/bonus-engine';
import { findGame } from '../catalogue/catalogue-service';
import type { StakePipeline } from './stake-pipeline';
import { previewView } from './stake-views';

export type StakePreviewService = ReturnType<typeof createStakePreviewService>;

/**
 * Previews of casino stakes for the player's screens (the game page before launch, the Originals bet): the stake
 * pipeline's dry run with exactly what the game's wallet call would ask of it (the game's type and slug, no site
 * session, as a provider's call has none).
 */
export function createStakePreviewService({ db, stakes }: { db: Db; stakes: StakePipeline }) {
  return {
    /** A stake of `amount` on the game, or, without an amount, what the money and the bonus hold for the game. */
    async casino(user: { id: number; currency: string }, query: StakePreviewQuery): Promise<StakePreview> {
      const game = await findGame(db, /^\d+$/.test(query.game) ? Number(query.game) : query.game, null);
      if (!game) throw new NotFoundError('There is no such game.');
      const currency = asCurrency(user.currency);
      const amount = query.amount === undefined ? null : parsePositiveAmount(query.amount, currency);
      const gameType = gameTypeOf(game);
      const [preview] = await stakes.preview([
        {
          product: 'casino',
          userId: user.id,
          currency,
          amount: amount ?? 0n,
          gameType,
          gameSlug: game.slug,
          sessionId: null,
        },
      ]);
      return previewView(preview!, { amount, currency, gameType, product: 'casino' });
    },
  };
}

import { randomBytes } from 'node:crypto';
import { hashToken } from '../../lib/token-hash';
import type { Db, DbOrTx } from '@playhouse/db';
import type { GameLaunch, GameMode } from '@playhouse/shared';
import { NotFoundError } from '../../lib/errors';
import type { LocaleContext } from '../../lib/localize';
import { UnauthorizedError } from '../auth/auth-errors';
import { hasSucceededDeposit, type CatalogueService, type Viewer } from '../catalogue/catalogue-service';
import { DemoUnavailableError, GameLockedError } from './game-errors';
import { insertLaunch, recordPlay, redeemLaunch, toggleFavourite } from './game-player-queries';

/** Where the game page's iframe goes: the in-house game host (its own page, without the site around it), the token in the fragment so no log ever sees it. */
export function launchUrl(locale: string, token: string): string {
  return `/originals-host/${locale}#launch=${token}`;
}

export type GamePlayerService = ReturnType<typeof createGamePlayerService>;

/** What a player does with a game: like it, and open it (a one-time launch token, real money or demo). */
export function createGamePlayerService({
  db,
  catalogue,
  launchTtlMs,
  launchGuard,
  now = () => new Date(),
}: {
  db: Db;
  catalogue: CatalogueService;
  launchTtlMs: number;
  /** Player protection: breaks, verification per jurisdiction (demo play included), a due reality check. */
  launchGuard: (executor: DbOrTx, userId: number | null, mode: GameMode) => Promise<void>;
  now?: () => Date;
}) {
  async function gameOrNotFound(ref: number | string) {
    const game = await catalogue.findGame(ref);
    if (!game) throw new NotFoundError(`No game "${ref}".`);
    return game;
  }

  return {
    async toggleFavourite(userId: number, ref: number | string): Promise<boolean> {
      const game = await gameOrNotFound(ref);
      const liked = await toggleFavourite(db, userId, game.id);
      // This instance shows the heart on the player's next page; the others when the database announces it.
      catalogue.playersChanged([userId]);
      return liked;
    },

    /**
     * Real money needs a signed-in player who may open the game (a locked game needs a deposit first); demo needs a
     * game that offers it and is open to anyone. Opening a game for real puts it on the player's recently played list.
     */
    async launch(
      context: LocaleContext,
      viewer: Viewer & { sessionId: number | null },
      ref: number | string,
      mode: GameMode,
    ): Promise<GameLaunch> {
      const game = await gameOrNotFound(ref);
      if (mode === 'demo') {
        if (!game.demoModeEnabled) throw new DemoUnavailableError();
      } else {
        if (viewer.userId === null) throw new UnauthorizedError();
      }
      await launchGuard(db, viewer.userId, mode);
      if (mode === 'real' && game.requiresDeposit && !(await hasSucceededDeposit(db, viewer.userId!))) {
        throw new GameLockedError();
      }
      const token = randomBytes(32).toString('base64url');
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + launchTtlMs);
      await insertLaunch(db, {
        tokenHash: hashToken(token),
        userId: mode === 'real' ? viewer.userId : null,
        // A provider's game session lives as long as this site session (see the providers' wallet).
        playerSessionId: mode === 'real' ? viewer.sessionId : null,
        gameId: game.id,
        mode,
        locale: context.locale,
        createdAt,
        expiresAt,
      });
      if (mode === 'real' && viewer.userId !== null) await recordPlay(db, viewer.userId, game.id, createdAt);
      return { mode, token, url: launchUrl(context.locale, token), expiresAt: expiresAt.toISOString() };
    },

    /** The launch behind a token, once: a provider's authenticate call. */
    redeem: (token: string) => redeemLaunch(db, hashToken(token), now()),
  };
}

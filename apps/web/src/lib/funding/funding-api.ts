import type { PreviewBetsBody } from '@playhouse/shared/contracts/sports';
import { browserApi, lazySchema } from '../browser-api';

// The contracts (and zod) load with the first answer, not with the page.
const funding = () => import('@playhouse/shared/contracts/funding');
const sports = () => import('@playhouse/shared/contracts/sports');

/** POST /spa/sports/bets/preview: how each bet of the slip would be funded now (a dry run of the placement). */
export function previewBets(bets: PreviewBetsBody['bets'], signal?: AbortSignal) {
  return browserApi('/spa/sports/bets/preview', lazySchema(sports, 'previewBetsResponseSchema'), {
    method: 'POST',
    body: { bets },
    signal,
  }).then((data) => data.bets);
}

/** GET /spa/users/stake-preview: a casino stake on a game, or without an amount what the money holds for it. */
export function previewCasinoStake(game: string, amount: string | undefined, signal?: AbortSignal) {
  return browserApi('/spa/users/stake-preview', lazySchema(funding, 'stakePreviewResponseSchema'), {
    query: { product: 'casino', game, amount },
    signal,
  }).then((data) => data.preview);
}

import type { Counter, Histogram } from 'prom-client';

/**
 * Group commit: the writes (transfers, placements) asked for in the same turn of the event loop go to the database
 * together, as one call of `runBatch` (one transaction, one set of statements), at most `maxSize` to a call; a turn's
 * lone write goes through `runOne`. Each caller gets its own outcome, once the call that carried it has answered (so
 * once its transaction committed). A call that fails wrote nothing (it is one transaction): each of its writes is then
 * run alone through `runOne`, and each caller gets what that answers, success or error. Running them again is safe
 * only for writes keyed for idempotency, as both users' are: one that did commit (the answer lost on the way back) is
 * found by its key and answered as a replay. Used for the wallet's transfers (`ledger_transfer_batch`) and the sports
 * placements (`sports_place_bets`); `metrics` counts the calls by size and the failed ones.
 */
export function groupCommit<T, R>({
  runBatch,
  runOne,
  maxSize,
  metrics,
}: {
  runBatch: (items: T[]) => Promise<R[]>;
  runOne: (item: T) => Promise<R>;
  maxSize: number;
  metrics: { sizes: Histogram; fallbacks: Counter };
}): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (value: R) => void; reject: (error: unknown) => void };
  let open: Waiting[] | null = null;

  async function alone({ item, resolve, reject }: Waiting) {
    try {
      resolve(await runOne(item));
    } catch (error) {
      reject(error);
    }
  }

  async function run(batch: Waiting[]) {
    // One transfer alone costs less through runOne (ledger_transfer: fewer statements than a batch's set-up).
    if (batch.length === 1) return alone(batch[0]!);
    metrics.sizes.observe(batch.length);
    let answers: R[];
    try {
      answers = await runBatch(batch.map((waiting) => waiting.item));
      if (answers.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${answers.length}`);
    } catch {
      metrics.fallbacks.inc();
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(answers[index]!));
  }

  return (item) =>
    new Promise((resolve, reject) => {
      if (!open) {
        const batch: Waiting[] = [];
        open = batch;
        // After the callers woken together have asked: their transfers go out together.
        setImmediate(() => {
          if (open === batch) open = null;
          for (let start = 0; start < batch.length; start += maxSize) void run(batch.slice(start, start + maxSize));
        });
      }
      open.push({ item, resolve, reject });
    });
}

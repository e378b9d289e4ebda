import { createHash } from 'node:crypto';
import { errorClass } from './errors';

/*
 * One request per idempotency key, for every money call: bets, deposits, withdrawals, staff requests and the game
 * providers' wallet calls. A client that lost the answer sends the same request with the same key again and gets the
 * first answer; the same key with another request is refused and changes nothing.
 */

/** The same idempotency key was sent with a different request: a client bug, never applied. */
export class IdempotencyConflictError extends errorClass(
  'idempotency_key_reused',
  'This idempotency key was already used for a different request.',
  409,
) {}

/** Fingerprint of what an idempotent request asked for: a repeat with the same key must ask for the same thing. */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** A row kept under an idempotency key with the fingerprint of the request that made it. */
export interface KeyedRow {
  requestHash: string;
}

/**
 * The rows kept under one key. `earlier()` answers the row an earlier request with this key made (undefined when
 * there is none), refusing a key reused for another request; `winner(created)` answers the row the request's own
 * insert made, or, when a twin with the same key won the insert (`created` is null), the twin's row.
 */
export function keyedRequest<Row>(find: () => Promise<Row | null | undefined>, same: (row: Row) => boolean) {
  async function earlier(): Promise<Row | undefined> {
    const row = (await find()) ?? undefined;
    if (row !== undefined && !same(row)) throw new IdempotencyConflictError();
    return row;
  }
  return {
    earlier,
    async winner(created: Row | null | undefined): Promise<{ row: Row; replayed: boolean }> {
      if (created) return { row: created, replayed: false };
      const twin = await earlier();
      // The insert found the key taken, so its row exists (rows under a key are never deleted).
      if (twin === undefined) throw new Error('an idempotency key was taken but its row is missing');
      return { row: twin, replayed: true };
    },
  };
}

/** `keyedRequest` for rows that keep their request's fingerprint (`hash`, to store): the same request, the same hash. */
export function hashedRequest<Row extends KeyedRow>(hash: string, find: () => Promise<Row | null | undefined>) {
  return { hash, ...keyedRequest(find, (row) => row.requestHash === hash) };
}

import type { Db } from '@playhouse/db';
import { committedTransactions, notify } from './ledger-queries';

/** Published on this PostgreSQL channel after transfers that touched players commit: `{ userIds: number[] }`. */
export const BALANCE_CHANNEL = 'balance_changed';

/** A NOTIFY payload must stay under 8000 bytes: this many user ids (up to 15 characters each) fit with room. */
const IDS_PER_NOTICE = 400;

export interface BalanceNotices {
  /** Remembers that the transaction `xid` moved these players' money; they are announced once it has committed. */
  note(xid: string, userIds: Iterable<number>): void;
  /** Announces what has committed by now (a timer calls it; tests and shutdown may too). */
  flush(): Promise<void>;
  /** Flushes, then stops the timer. */
  close(): Promise<void>;
}

/**
 * Balance notifications sent AFTER the transfers' transactions commit, coalesced. A NOTIFY inside a transaction takes
 * a database-wide lock at its commit (held until the commit is durable), which made every transfer commit one after
 * another; here the transfers only tell this publisher their transaction id (which the transfer statement returns, no
 * extra round trip). A short timer asks PostgreSQL which of those transactions have committed
 * (`pg_xact_status`), drops the aborted ones, keeps the ones still running, and announces the players of the
 * committed ones in one NOTIFY per few hundred players: one lock per flush instead of one per transfer.
 *
 * The guarantee stays "a notification arrives only once the money moved" (a listener re-reads committed balances).
 * A transfer rolled back inside a transaction that committed (a savepoint) may announce a change that did not happen:
 * harmless, the subscriber reads the same balances again. A process that dies between the commit and the flush loses
 * those announcements, as a LISTEN connection that drops loses them: streams then show the change with the next one
 * or when they reconnect.
 */
export function createBalanceNotices({
  db,
  intervalMs = 15,
  onError = () => undefined,
}: {
  db: Db;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): BalanceNotices {
  /** Players per transaction id still to announce. */
  const pending = new Map<string, Set<number>>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  function schedule() {
    if (timer || closed || pending.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      void flush().finally(schedule);
    }, intervalMs);
    timer.unref?.();
  }

  async function announce() {
    const xids = [...pending.keys()];
    if (xids.length === 0) return;
    const statuses = await committedTransactions(db, xids);
    const userIds = new Set<number>();
    for (const xid of xids) {
      const status = statuses.get(xid);
      if (status === 'in progress') continue;
      if (status === 'committed') for (const id of pending.get(xid)!) userIds.add(id);
      pending.delete(xid);
    }
    const ids = [...userIds];
    for (let i = 0; i < ids.length; i += IDS_PER_NOTICE) {
      await notify(db, BALANCE_CHANNEL, JSON.stringify({ userIds: ids.slice(i, i + IDS_PER_NOTICE) }));
    }
  }

  async function flush(): Promise<void> {
    while (running) await running;
    running = announce()
      .catch((error: unknown) => {
        // The database went away (shutdown, a failover): the announcements are lost, as a dropped LISTEN loses them.
        pending.clear();
        onError(error);
      })
      .finally(() => {
        running = null;
      });
    await running;
  }

  return {
    note(xid, userIds) {
      let set = pending.get(xid);
      for (const id of userIds) {
        set ??= pending.set(xid, new Set()).get(xid)!;
        set.add(id);
      }
      schedule();
    },
    flush,
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
      closed = true;
    },
  };
}

const shared = new WeakMap<Db, BalanceNotices>();

/** One publisher per database handle, shared by every wallet service built on it (so they coalesce together). */
export function balanceNoticesFor(db: Db): BalanceNotices {
  let notices = shared.get(db);
  if (!notices) {
    notices = createBalanceNotices({ db });
    shared.set(db, notices);
  }
  return notices;
}

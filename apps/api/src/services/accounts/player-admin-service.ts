import type { Db, Tx } from '@playhouse/db';
import type {
  Bet,
  BonusHistoryItem,
  Deposit,
  StaffGameRound,
  StaffPlayerBalances,
  StaffPlayerListQuery,
  StaffPlayerNote,
  StaffPlayerProfile,
  StaffPlayerRow,
  StaffPlayerSearchQuery,
  StaffPlayerSession,
  Transaction,
  Withdrawal,
} from '@playhouse/shared';
import { pageWindow } from '@playhouse/shared';
import { AppError, NotFoundError } from '../../lib/errors';
import { OwnAccountError } from '../auth/auth-errors';
import type { SessionService } from '../auth/session-service';
import { recordAudit } from '../audit/audit-log';
import {
  deleteTag,
  findPlayer,
  insertNote,
  insertTag,
  lastBlock,
  listNotes,
  listTags,
  liveSessions,
  searchPlayers,
  setAccountStatus,
  type PlayerSearchRow,
} from './player-queries';
import type { StaffEvent } from '../audit/audit-events';

/** Who acts in the back office (the staff member, with their address for the audit log). */
export interface PlayerAdminActor {
  id: number;
  ip: string | null;
}

/** A page of one of a player's lists, as the other domains answer it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * What the player page shows from the other domains, read through their services (wired by the players plugin): the
 * accounts domain owns the player, the others own their money, bets, rounds and bonuses.
 */
export interface PlayerActivityReaders {
  balances(player: { id: number; email: string }): Promise<StaffPlayerBalances>;
  ledger(userId: number, page: StaffPlayerListQuery): Promise<Page<Transaction>>;
  bets(userId: number, page: StaffPlayerListQuery): Promise<Page<Bet>>;
  rounds(userId: number, page: StaffPlayerListQuery): Promise<Page<StaffGameRound>>;
  bonuses(userId: number, page: StaffPlayerListQuery): Promise<Page<BonusHistoryItem>>;
  payments(userId: number, page: StaffPlayerListQuery): Promise<Page<Deposit>>;
  withdrawals(userId: number, page: StaffPlayerListQuery): Promise<Page<Withdrawal>>;
}

/** Blocking a blocked player (or unblocking an active one) changes nothing: said plainly. */
export class PlayerStatusUnchangedError extends AppError {
  constructor(status: 'active' | 'blocked') {
    super('player_status_unchanged', `The player is already ${status}.`, 409);
  }
}

export class TagUnchangedError extends AppError {
  constructor(present: boolean) {
    super('player_tag_unchanged', present ? 'The player has this tag already.' : 'The player has no such tag.', 409);
  }
}

function toRow(row: PlayerSearchRow): StaffPlayerRow {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export type PlayerAdminService = ReturnType<typeof createPlayerAdminService>;

/**
 * The back office's players: search, the profile, sessions with "end all", notes, tags, block and unblock. Staff
 * accounts are not players here (404), and nobody acts on their own account. Every change is written to the audit log
 * with before and after in the transaction that makes it.
 */
export function createPlayerAdminService({
  db,
  sessions,
  readers,
  now = () => new Date(),
}: {
  db: Db;
  sessions: Pick<SessionService, 'destroyAllForUser'>;
  readers: PlayerActivityReaders;
  now?: () => Date;
}) {
  async function player(id: number) {
    const row = await findPlayer(db, id);
    if (!row) throw new NotFoundError('There is no such player.');
    return row;
  }

  /** Locks the player, refuses one's own account, runs the change and its audit row in one transaction. */
  async function change<T>(
    actor: PlayerAdminActor,
    id: number,
    apply: (tx: Tx, current: NonNullable<Awaited<ReturnType<typeof findPlayer>>>) => Promise<T>,
  ): Promise<T> {
    if (actor.id === id) throw new OwnAccountError();
    return db.transaction(async (tx) => {
      const current = await findPlayer(tx, id, true);
      if (!current) throw new NotFoundError('There is no such player.');
      return apply(tx, current);
    });
  }

  /** One of the player's lists from another domain, for a player that exists. */
  function list<T>(read: (userId: number, page: StaffPlayerListQuery) => Promise<Page<T>>) {
    return async (id: number, page: StaffPlayerListQuery): Promise<Page<T>> => {
      await player(id);
      return read(id, page);
    };
  }

  const audit = (tx: Tx, actor: PlayerAdminActor, event: StaffEvent, userId: number, entry: object) =>
    recordAudit(tx, { event, userId, actorId: actor.id, ip: actor.ip, at: now(), ...entry });

  return {
    /** The players a search matches: the page asked for, or for a CSV export the whole result (pageWindow). */
    async search(query: StaffPlayerSearchQuery) {
      const { rows, total } = await searchPlayers(db, query, pageWindow(query));
      return { items: rows.map(toRow), total, page: query.page, pageSize: query.pageSize };
    },

    async profile(id: number): Promise<StaffPlayerProfile> {
      const row = await player(id);
      const [tags, block] = await Promise.all([listTags(db, id), row.status === 'blocked' ? lastBlock(db, id) : null]);
      const reason = block?.metadata['reason'];
      return {
        ...toRow(row),
        dateOfBirth: row.dateOfBirth,
        fullName: row.fullName,
        locale: row.locale,
        timezone: row.timezone,
        promoCode: row.promoCode,
        termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
        blockedReason: typeof reason === 'string' ? reason : null,
        blockedAt: block?.createdAt.toISOString() ?? null,
        tags: tags.map((tag) => ({ ...tag, addedAt: tag.addedAt.toISOString() })),
      };
    },

    async balances(id: number): Promise<StaffPlayerBalances> {
      return readers.balances(await player(id));
    },

    ledger: list(readers.ledger),
    bets: list(readers.bets),
    rounds: list(readers.rounds),
    bonuses: list(readers.bonuses),
    payments: list(readers.payments),
    withdrawals: list(readers.withdrawals),

    async sessions(id: number): Promise<StaffPlayerSession[]> {
      await player(id);
      return (await liveSessions(db, id, now())).map((row) => ({
        id: row.id,
        ip: row.ip,
        userAgent: row.userAgent,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      }));
    },

    /**
     * Ends every session of the player: the site sessions (the next request is signed out) and with them the game
     * sessions they opened (a game session lives only as long as its site session: the provider's next call is refused).
     */
    endSessions: (actor: PlayerAdminActor, id: number, reason?: string) =>
      change(actor, id, async (tx) => {
        const live = await liveSessions(tx, id, now());
        await sessions.destroyAllForUser(tx, id);
        await audit(tx, actor, 'staff_player_sessions_ended', id, {
          metadata: reason ? { reason } : {},
          before: { sessions: live.map((session) => session.id) },
          after: { sessions: [] },
        });
        return { ended: live.length };
      }),

    /** Blocks (no sign-in, no play, every session ends) or unblocks a player, with a reason. */
    setBlocked: (actor: PlayerAdminActor, id: number, blocked: boolean, reason: string) =>
      change(actor, id, async (tx, current) => {
        const status: 'active' | 'blocked' = blocked ? 'blocked' : 'active';
        if (current.status === status) throw new PlayerStatusUnchangedError(status);
        await setAccountStatus(tx, id, status);
        let ended = 0;
        if (blocked) {
          ended = (await liveSessions(tx, id, now())).length;
          await sessions.destroyAllForUser(tx, id);
        }
        await audit(tx, actor, blocked ? 'staff_player_blocked' : 'staff_player_unblocked', id, {
          metadata: { reason, sessionsEnded: ended },
          before: { status: current.status },
          after: { status },
        });
        return { status, sessionsEnded: ended };
      }),

    async notes(id: number): Promise<StaffPlayerNote[]> {
      await player(id);
      return (await listNotes(db, id)).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    addNote: (actor: PlayerAdminActor, id: number, body: string) =>
      change(actor, id, async (tx) => {
        const noteId = await insertNote(tx, { userId: id, authorId: actor.id, body, at: now() });
        await audit(tx, actor, 'staff_player_note_added', id, { after: { noteId, body } });
        return noteId;
      }),

    setTag: (actor: PlayerAdminActor, id: number, tag: string, present: boolean) =>
      change(actor, id, async (tx) => {
        const changed = present
          ? await insertTag(tx, { userId: id, tag, addedBy: actor.id, at: now() })
          : await deleteTag(tx, id, tag);
        if (!changed) throw new TagUnchangedError(present);
        await audit(tx, actor, present ? 'staff_player_tag_added' : 'staff_player_tag_removed', id, {
          before: { tag: present ? null : tag },
          after: { tag: present ? tag : null },
        });
        return listTags(tx, id).then((tags) => tags.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() })));
      }),
  };
}

import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, DbOrTx } from '@playhouse/db';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  type DocumentStatus,
  type DocumentType,
  type KycDocument,
  type ReviewDocumentBody,
  type StaffKycDocument,
} from '@playhouse/shared';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { checkedFileName } from '../../lib/file-name';
import { ForbiddenError } from '../auth/auth-errors';
import { DocumentAlreadyReviewedError, DocumentTooLargeError, DocumentTypeRejectedError } from './protection-errors';
import type { DocumentStore } from './document-store';
import type { ProtectionClock } from './protection-clock';
import { recordAudit } from '../audit/audit-log';
import {
  documentsInStatus,
  documentsOf,
  documentWithOwner,
  insertDocument,
  lockDocument,
  playerDocument,
  setDocumentReview,
  type DocumentRow,
} from './documents-queries';

export { checkedFileName };

/** The content type judged by the bytes (magic numbers), never by the name or the declared type. */
export async function detectDocumentType(body: Buffer): Promise<(typeof DOCUMENT_CONTENT_TYPES)[number]> {
  const detected = await fileTypeFromBuffer(body);
  const mime = detected?.mime;
  if (!mime || !(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(mime)) throw new DocumentTypeRejectedError();
  return mime as (typeof DOCUMENT_CONTENT_TYPES)[number];
}

function toDocument(row: DocumentRow): KycDocument {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    reason: row.reason,
    uploadedAt: row.uploadedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * Per type: verified once any document of it was verified (a newer upload waiting for review does not undo that),
 * else the newest document's status; none before any upload.
 */
export function statusesOf(rows: Pick<DocumentRow, 'type' | 'status' | 'uploadedAt'>[]) {
  const statuses = Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, 'none'])) as Record<
    DocumentType,
    DocumentStatus
  >;
  const newestFirst = [...rows].sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime());
  for (const type of DOCUMENT_TYPES) {
    const own = newestFirst.filter((row) => row.type === type);
    if (own.some((row) => row.status === 'verified')) statuses[type] = 'verified';
    else if (own[0]) statuses[type] = own[0].status;
  }
  return statuses;
}

export interface DocumentDecisionMailer {
  (
    to: string,
    locale: string,
    decision: { type: DocumentType; verified: boolean; reason: string | null },
  ): Promise<unknown>;
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/**
 * Identity documents: uploads checked by content and size, kept in the document store, reviewed by staff (approve, or
 * reject with a reason), the player told by e-mail. Only the player and staff with the permission read a file.
 */
export function createDocumentsService({
  db,
  store,
  clock,
  notify,
  maxBytes = DOCUMENT_MAX_BYTES,
}: {
  db: Db;
  store: DocumentStore;
  clock: ProtectionClock;
  notify: DocumentDecisionMailer;
  maxBytes?: number;
}) {
  async function staffRow(id: string) {
    const row = await documentWithOwner(db, id);
    if (!row) throw new NotFoundError('There is no such document.');
    return row;
  }

  return {
    maxBytes,

    async statuses(executor: DbOrTx, userId: number) {
      return statusesOf(await documentsOf(executor, userId));
    },

    async list(userId: number, type?: DocumentType): Promise<KycDocument[]> {
      const rows = await documentsOf(db, userId);
      return rows.filter((row) => !type || row.type === type).map(toDocument);
    },

    /**
     * Stores one upload. Everything is checked before anything is written: the name, the size, and the content by its
     * magic bytes. The file goes to the store first and the row after; a failed insert removes the file again.
     */
    async upload(
      user: { id: number },
      input: { type: DocumentType; fileName: string; body: Buffer; truncated: boolean },
      context: { ip?: string | null } = {},
    ): Promise<KycDocument> {
      const fileName = checkedFileName(input.fileName);
      if (input.truncated || input.body.length > maxBytes) throw new DocumentTooLargeError(maxBytes);
      if (input.body.length === 0) throw new ValidationError({ file: 'the file is empty' });
      const contentType = await detectDocumentType(input.body);
      const id = randomUUID();
      const storageKey = `${user.id}/${id}`;
      await store.put(storageKey, input.body, contentType);
      const now = clock.now(user.id);
      try {
        const row = await db.transaction(async (tx) => {
          const inserted = await insertDocument(tx, {
            id,
            userId: user.id,
            type: input.type,
            storageKey,
            fileName,
            contentType,
            size: input.body.length,
            sha256: createHash('sha256').update(input.body).digest('hex'),
            uploadedAt: now,
          });
          await recordAudit(tx, {
            userId: user.id,
            actorId: user.id,
            event: 'document_uploaded',
            ip: context.ip ?? null,
            metadata: { documentId: id, type: input.type, contentType, size: input.body.length },
            at: now,
          });
          return inserted;
        });
        return toDocument(row!);
      } catch (error) {
        await store.delete(storageKey).catch(() => undefined);
        throw error;
      }
    },

    /** One of the player's own files. */
    async playerFile(userId: number, id: string) {
      const row = await playerDocument(db, userId, id);
      if (!row) throw new NotFoundError('There is no such document.');
      return { document: toDocument(row), body: await store.get(row.storageKey) };
    },

    async staffList(status: 'pending' | 'verified' | 'rejected'): Promise<StaffKycDocument[]> {
      const rows = await documentsInStatus(db, status, 200);
      return rows.map((row) => ({ ...toDocument(row.document), userId: row.document.userId, login: row.login }));
    },

    /** A document's file for staff; the view is written to the audit log first. */
    async staffFile(id: string, actor: { id: number | null; ip?: string | null }) {
      const row = await staffRow(id);
      await recordAudit(db, {
        userId: row.document.userId,
        actorId: actor.id,
        event: 'document_viewed',
        ip: actor.ip ?? null,
        metadata: { documentId: id },
        at: clock.now(),
      });
      return { document: toDocument(row.document), body: await store.get(row.document.storageKey) };
    },

    /** Approves or rejects a pending document, once; the player gets an e-mail with the decision. */
    async review(
      id: string,
      body: ReviewDocumentBody,
      actor: { id: number | null; ip?: string | null },
    ): Promise<StaffKycDocument> {
      const now = clock.now();
      const verified = body.decision === 'approve';
      const reason = body.decision === 'reject' ? body.reason : null;
      const updated = await db.transaction(async (tx) => {
        const row = await lockDocument(tx, id);
        if (!row) throw new NotFoundError('There is no such document.');
        if (row.status !== 'pending') throw new DocumentAlreadyReviewedError(row.status);
        if (actor.id !== null && actor.id === row.userId) {
          // Nobody acts on their own account.
          throw new ForbiddenError();
        }
        const next = await setDocumentReview(tx, id, {
          status: verified ? 'verified' : 'rejected',
          reason,
          reviewedBy: actor.id,
          reviewedAt: now,
        });
        await recordAudit(tx, {
          userId: row.userId,
          actorId: actor.id,
          event: verified ? 'document_verified' : 'document_rejected',
          ip: actor.ip ?? null,
          metadata: { documentId: id, type: row.type, ...(reason ? { reason } : {}) },
          before: { status: row.status },
          after: { status: next!.status, reason },
          at: now,
        });
        return next!;
      });
      const row = await staffRow(id);
      await notify(row.login, row.locale, { type: updated.type, verified, reason });
      return { ...toDocument(updated), userId: updated.userId, login: row.login };
    },
  };
}

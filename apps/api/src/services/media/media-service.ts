import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { LRUCache } from 'lru-cache';
import type { Db } from '@playhouse/db';
import {
  MEDIA_CONTENT_TYPES,
  MEDIA_EXTENSIONS,
  MEDIA_MAX_BYTES,
  mediaPath,
  pageWindow,
  type MediaContentType,
  type StaffMediaFile,
  type StaffMediaPage,
  type StaffMediaQuery,
  type StaffMediaUploadResponse,
} from '@playhouse/shared';
import { AppError, NotFoundError, ValidationError, errorClass } from '../../lib/errors';
import { checkedFileName } from '../../lib/file-name';
import { recordAudit } from '../audit/audit-log';
import {
  insertMediaFile,
  listedMediaFileById,
  mediaFileById,
  pageOfMediaFiles,
  type ListedMediaRow,
} from './media-queries';

export class MediaTypeRejectedError extends errorClass(
  'unsupported_media_type',
  'Upload a PNG, JPEG, WebP, GIF or AVIF picture.',
  415,
) {}

export class MediaTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super('payload_too_large', `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MiB.`, 413);
  }
}

/** A picture as the api serves it. */
export interface MediaBody {
  contentType: MediaContentType;
  bytes: Buffer;
  etag: string;
}

/** `<uuid>.<ext>`: the only shape of a library path's last part. */
const FILE_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]{3,4})$/;

function isMediaContentType(type: string): type is MediaContentType {
  return (MEDIA_CONTENT_TYPES as readonly string[]).includes(type);
}

/** The picture type judged by the bytes (magic numbers), never by the name or the declared type. */
export async function detectMediaType(bytes: Buffer): Promise<MediaContentType> {
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (!mime || !isMediaContentType(mime)) throw new MediaTypeRejectedError();
  return mime;
}

function toMediaFile(row: ListedMediaRow): StaffMediaFile {
  if (!isMediaContentType(row.contentType)) throw new Error(`a stored picture has the type ${row.contentType}`);
  return {
    id: row.id,
    path: mediaPath(row.id, row.contentType),
    contentType: row.contentType,
    size: row.size,
    originalName: row.originalName,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

/**
 * The back office's picture library: uploads checked by name, size and content, stored in the database (one row per
 * distinct content), listed newest first and served to anyone by path. A stored picture never changes (its path is
 * its identity), so the served bytes are kept in a bounded memory cache and sent as immutable.
 */
export function createMediaService({
  db,
  maxBytes = MEDIA_MAX_BYTES,
  cacheBytes = 64 * 1024 * 1024,
}: {
  db: Db;
  maxBytes?: number;
  /** How many bytes of served pictures each api instance keeps in memory. */
  cacheBytes?: number;
}) {
  const served = new LRUCache<string, MediaBody>({
    maxSize: cacheBytes,
    sizeCalculation: (body) => Math.max(1, body.bytes.length),
  });

  return {
    maxBytes,

    /**
     * Stores one upload. Everything is checked before anything is written: the name, the size and the content by its
     * magic bytes. The same bytes uploaded again answer the picture already stored (created: false), audited too.
     */
    async upload(
      actor: { id: number; ip: string | null },
      input: { fileName: string; bytes: Buffer; truncated: boolean },
    ): Promise<StaffMediaUploadResponse> {
      const originalName = checkedFileName(input.fileName);
      if (input.truncated || input.bytes.length > maxBytes) throw new MediaTooLargeError(maxBytes);
      if (input.bytes.length === 0) throw new ValidationError({ file: 'the file is empty' });
      const contentType = await detectMediaType(input.bytes);
      const sha256 = createHash('sha256').update(input.bytes).digest('hex');
      const { id, created } = await db.transaction(async (tx) => {
        const { row, created } = await insertMediaFile(tx, {
          id: randomUUID(),
          contentType,
          bytes: input.bytes,
          size: input.bytes.length,
          sha256,
          originalName,
          uploadedBy: actor.id,
        });
        await recordAudit(tx, {
          event: created ? 'staff_media_upload' : 'staff_media_upload_existing',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { mediaId: row.id, contentType, size: row.size, sha256, originalName },
        });
        return { id: row.id, created };
      });
      const row = await listedMediaFileById(db, id);
      if (!row) throw new NotFoundError('There is no such picture.');
      return { media: toMediaFile(row), created };
    },

    async list(query: StaffMediaQuery): Promise<StaffMediaPage> {
      const { rows, total } = await pageOfMediaFiles(db, pageWindow({ ...query, format: 'json' }));
      return { items: rows.map(toMediaFile), total, page: query.page, pageSize: query.pageSize };
    },

    /** The picture a path's last part names (`<uuid>.<ext>`, the extension of its type), or not_found. */
    async file(name: string): Promise<MediaBody> {
      const missing = () => new NotFoundError('There is no such picture.');
      const [, id, ext] = FILE_PATTERN.exec(name) ?? [];
      if (!id || !ext) throw missing();
      let body = served.get(id);
      if (!body) {
        const row = await mediaFileById(db, id);
        if (!row || !isMediaContentType(row.contentType)) throw missing();
        body = { contentType: row.contentType, bytes: row.bytes, etag: `"${row.sha256}"` };
        served.set(id, body);
      }
      if (MEDIA_EXTENSIONS[body.contentType] !== ext) throw missing();
      return body;
    },
  };
}

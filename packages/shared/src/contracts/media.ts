import { z } from 'zod';
import { staffPageQuerySchema, staffPageSchema } from '../staff/paging';

/*
 * The back office's picture library (session 18): images staff upload once and then use by path in the content
 * editors (slides, banners, bonus info, page metadata...). The api serves them at /spa/media/<id>.<ext>.
 */

/** The picture types accepted, judged by the bytes; never SVG or HTML (both can carry script). */
export const MEDIA_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

/** The extension of a picture's path per type: the path says what the file is. */
export const MEDIA_EXTENSIONS: Record<MediaContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const MEDIA_PATH_PREFIX = '/spa/media/';

/** Where a picture is served: `/spa/media/<id>.<ext>`. */
export function mediaPath(id: string, contentType: MediaContentType): string {
  return `${MEDIA_PATH_PREFIX}${id}.${MEDIA_EXTENSIONS[contentType]}`;
}

export const staffMediaFileSchema = z.object({
  id: z.uuid(),
  /** The site path to paste into a picture field (the web reaches /spa/* same-origin). */
  path: z.string(),
  contentType: z.enum(MEDIA_CONTENT_TYPES),
  size: z.number().int(),
  originalName: z.string(),
  /** The uploader's e-mail, when the account still has one. */
  uploadedBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StaffMediaFile = z.infer<typeof staffMediaFileSchema>;

export const staffMediaUploadResponseSchema = z.object({
  media: staffMediaFileSchema,
  /** false when the same bytes were already in the library: the existing picture is answered. */
  created: z.boolean(),
});
export type StaffMediaUploadResponse = z.infer<typeof staffMediaUploadResponseSchema>;

/** `<uuid>.<ext>`; anything else is not a picture of the library. */
export const mediaFileParamsSchema = z.object({ file: z.string().max(64) });

/** The library's list: newest first, one page at a time. */
export const staffMediaQuerySchema = staffPageQuerySchema.pick({ page: true, pageSize: true });
export type StaffMediaQuery = z.infer<typeof staffMediaQuerySchema>;
export const staffMediaPageSchema = staffPageSchema(staffMediaFileSchema);
export type StaffMediaPage = z.infer<typeof staffMediaPageSchema>;

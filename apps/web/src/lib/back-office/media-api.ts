import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi } from './office-api';

// The contracts (and zod) load with the first answer, as in the other area modules.
const contracts = () => import('@playhouse/shared/contracts/media');

/** /spa/staff/content/media: the picture library. */
export const mediaApi = {
  list: (lng: Locale, page: number, pageSize: number, signal?: AbortSignal) =>
    officeApi('/spa/staff/content/media', lazySchema(contracts, 'staffMediaPageSchema'), {
      locale: lng,
      query: { page, pageSize },
      signal,
    }),
  /** One picture as multipart (the form's `file` part); the same bytes again answer the stored picture. */
  upload: (lng: Locale, form: FormData) =>
    officeApi('/spa/staff/content/media', lazySchema(contracts, 'staffMediaUploadResponseSchema'), {
      method: 'POST',
      locale: lng,
      body: form,
    }),
};

'use client';

import type { StaffMediaFile } from '@playhouse/shared/contracts/media';
import { LOCALE_TAGS, type Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import formStyles from '@/components/ui/form.module.css';
import { useAction } from '@/components/ui/use-action';
import { formatDateTime } from '@/lib/account/money-format';
import { mediaApi } from '@/lib/back-office/media-api';
import { Pager } from '../pager';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { ContentPending } from './content-pending';
import layout from './content.module.css';
import { OfficeTable } from '../office-table';
import styles from './media-library.module.css';

const PAGE_SIZE = 20;
/** What the file picker offers; the api judges the bytes anyway. */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/** A size in the locale's words: "12.3 kB", "1,2 MB". */
export function formatSize(bytes: number, lng: Locale): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(LOCALE_TAGS[lng], { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

type MediaLibraryProps = {
  lng: Locale;
  /** Whether the member may add pictures (content.promotions); everyone on the screen may read and copy paths. */
  canUpload: boolean;
};

/**
 * The picture library: an upload form, then the pictures newest first, each with its path to paste into a picture
 * field of the content editors (slides, banners, bonus info, page metadata).
 */
export function MediaLibrary({ lng, canUpload }: MediaLibraryProps) {
  const t = useTranslations('boMedia');
  const { busy, error, setError, run } = useAction();
  const formId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [page, setPage] = useState(1);
  const {
    data,
    error: loadError,
    mutate,
  } = useSWR(['bo-media', lng, page], () => mediaApi.list(lng, page, PAGE_SIZE), SWR_OPTIONS);
  const [status, setStatus] = useState<string | null>(null);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = fileInput.current?.files?.[0];
    setError(null);
    setStatus(null);
    if (!file || file.size === 0) {
      setError(t('chooseFile'));
      return;
    }
    // One part named `file`, as the api takes it.
    const body = new FormData();
    body.append('file', file, file.name);
    await run(async () => {
      const { media, created } = await mediaApi.upload(lng, body);
      form.reset();
      setStatus(t(created ? 'uploaded' : 'alreadyThere', { name: media.originalName, path: media.path }));
      if (page === 1) await mutate();
      else setPage(1);
    });
  }

  async function copy(item: StaffMediaFile) {
    try {
      await navigator.clipboard.writeText(item.path);
      setStatus(t('copied', { path: item.path }));
    } catch {
      setStatus(t('copyFailed', { path: item.path }));
    }
  }

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className={layout.panel}>
      {canUpload ? (
        <form className={layout.toolbar} aria-label={t('uploadForm')} onSubmit={(event) => void upload(event)}>
          <div className={formStyles.field}>
            <label htmlFor={`${formId}-file`} className={formStyles.label}>
              {t('file')}
            </label>
            <input
              ref={fileInput}
              id={`${formId}-file`}
              name="file"
              type="file"
              accept={ACCEPT}
              className={formStyles.control}
              aria-describedby={`${formId}-hint`}
            />
            <span id={`${formId}-hint`} className={layout.hint}>
              {t('fileHint')}
            </span>
          </div>
          <button type="submit" className={buttons.primary} disabled={busy}>
            {busy ? t('uploading') : t('upload')}
          </button>
        </form>
      ) : (
        <p className={layout.hint}>{t('readOnly')}</p>
      )}
      <FormError message={error} />
      <div role="status">{status ? <p className={layout.hint}>{status}</p> : null}</div>
      {!data ? (
        <ContentPending namespace="boMedia" failed={Boolean(loadError)} onRetry={() => void mutate()} />
      ) : data.items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <OfficeTable
            caption={t('caption', { total: data.total })}
            head={
              <>
                <th scope="col">{t('picture')}</th>
                <th scope="col">{t('path')}</th>
                <th scope="col">{t('size')}</th>
                <th scope="col">{t('uploadedAt')}</th>
                <th scope="col">{t('uploadedBy')}</th>
              </>
            }
          >
            {data.items.map((item) => (
              <tr key={item.id}>
                <td>
                  {/* eslint-disable-next-line @next/next/no-img-element -- the api serves the file as it is */}
                  <img
                    className={styles.thumbnail}
                    src={item.path}
                    alt={item.originalName}
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                </td>
                <td>
                  <code id={`${formId}-${item.id}`} className={styles.path}>
                    {item.path}
                  </code>
                  <button
                    type="button"
                    className={buttons.secondary}
                    aria-describedby={`${formId}-${item.id}`}
                    onClick={() => void copy(item)}
                  >
                    {t('copyPath')}
                  </button>
                </td>
                <td>{formatSize(item.size, lng)}</td>
                <td>{formatDateTime(item.createdAt, lng)}</td>
                <td>{item.uploadedBy ?? t('unknownUploader')}</td>
              </tr>
            ))}
          </OfficeTable>
          {pages > 1 ? (
            <Pager className={layout.actions} label={t('pages')} page={page} pages={pages} onPage={setPage} />
          ) : null}
        </>
      )}
    </div>
  );
}

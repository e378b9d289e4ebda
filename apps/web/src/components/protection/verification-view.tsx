'use client';

import { DOCUMENT_TYPES, type DocumentType, type Verification } from '@playhouse/shared/contracts/protection';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import formStyles from '@/components/ui/form.module.css';
import { LoadError } from '@/components/ui/load-error';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { useAction } from '@/components/ui/use-action';
import { formatDateTime } from '@/lib/account/money-format';
import { DOCUMENTS_KEY, getVerification, uploadDocument } from '@/lib/protection/protection-api';
import styles from './protection.module.css';

/** Age and identity verification: each document type's status, what it opens, an upload form, and the uploads. */
export function VerificationView({ lng }: { lng: Locale }) {
  const t = useTranslations('protection');
  const tcommon = useTranslations('common');
  const { data, error, mutate } = useSWR([DOCUMENTS_KEY, lng], () => getVerification(lng), SWR_OPTIONS);
  if (error) return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} />;
  if (!data) return <p role="status">{tcommon('loading')}</p>;
  return (
    <>
      <div className={styles.grid}>
        {DOCUMENT_TYPES.map((type) => (
          <DocumentCard key={type} lng={lng} type={type} data={data} onUploaded={() => void mutate()} />
        ))}
      </div>
      {data.documents.length > 0 ? (
        <section className={styles.section} aria-labelledby="uploads-title">
          <h2 id="uploads-title" className={styles.sectionTitle}>
            {t('documents.history')}
          </h2>
          <ul>
            {data.documents.map((document) => (
              <li key={document.id}>
                {t(`documents.types.${document.type}`)}: {t(`documents.statuses.${document.status}`)} —{' '}
                {t('documents.uploadedAt', { name: document.fileName, date: formatDateTime(document.uploadedAt, lng) })}
                {document.reason ? ` — ${t('documents.rejectedReason', { reason: document.reason })}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function DocumentCard({
  lng,
  type,
  data,
  onUploaded,
}: {
  lng: Locale;
  type: DocumentType;
  data: Verification;
  onUploaded: () => void;
}) {
  const t = useTranslations('protection');
  const { busy, error: problem, run } = useAction();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [done, setDone] = useState(false);
  const gates = Object.entries(data.gates)
    .filter(([, types]) => types.includes(type))
    .map(([gate]) => t(`documents.gates.${gate as 'deposit' | 'realPlay' | 'demoPlay' | 'withdrawal'}`));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return;
    setDone(false);
    await run(async () => {
      await uploadDocument(lng, type, file);
      if (input.current) input.current.value = '';
      setDone(true);
      onUploaded();
    });
  }

  return (
    <form className={styles.card} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t(`documents.types.${type}`)}
      </h2>
      <p className={styles.line}>{t(`documents.statuses.${data.statuses[type]}`)}</p>
      {gates.length > 0 ? <p className={styles.line}>{t('documents.needed', { gates: gates.join(', ') })}</p> : null}
      {data.statuses[type] !== 'verified' ? (
        <>
          <label htmlFor={id} className={formStyles.label}>
            {t('documents.file')}
          </label>
          <input
            id={id}
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            className={formStyles.control}
          />
          <button type="submit" className={formStyles.submit} disabled={busy}>
            {t('documents.upload')}
          </button>
        </>
      ) : null}
      {problem ? (
        <p className={formStyles.formError} role="alert">
          {problem}
        </p>
      ) : null}
      <div role="status">{done ? <p className={formStyles.success}>{t('documents.uploaded')}</p> : null}</div>
    </form>
  );
}

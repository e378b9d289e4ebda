'use client';

import type { StaffInfoPopupItem } from '@playhouse/shared/contracts/staff-content';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import useSWR from 'swr';
import { useAction } from '@/components/ui/use-action';
import { formatDateTime } from '@/lib/account/money-format';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { listInfoPopups, publishInfoPopup, withdrawInfoPopup } from '@/lib/back-office/content-api';
import { ContentPending } from './content-pending';
import { ContentEditor } from './content-editor';
import layout from './content.module.css';
import { OfficeTable } from '../office-table';
import { infoPopupSpec } from './editor-specs';
import { useContentErrorText } from './use-content-error-text';

type InfoPopupsPanelProps = {
  lng: Locale;
  canPublish: boolean;
};

/** The announcement (the site's info popup): the ones published, the one shown first; publish a new one, take it down. */
export function InfoPopupsPanel({ lng, canPublish }: InfoPopupsPanelProps) {
  const t = useTranslations('boContent.infoPopups');
  const { busy, error, run } = useAction({ errorText: useContentErrorText() });
  const {
    data,
    error: loadError,
    mutate,
  } = useSWR(['bo-info-popups', lng], () => listInfoPopups(lng, { pageSize: '20' }), SWR_OPTIONS);
  const items: StaffInfoPopupItem[] = data?.items ?? [];

  const reload = async () => {
    await mutate();
  };

  const withdraw = () =>
    run(async () => {
      await withdrawInfoPopup(lng);
      await reload();
    });

  const shown = items.find((item) => item.active);

  if (!data)
    return (
      <ContentPending namespace="boContent.infoPopups" failed={Boolean(loadError)} onRetry={() => void mutate()} />
    );

  return (
    <div className={layout.panel}>
      <FormError message={error} />
      <OfficeTable
        caption={t('caption')}
        head={
          <>
            <th scope="col">{t('text')}</th>
            <th scope="col">{t('state')}</th>
            <th scope="col">{t('updatedAt')}</th>
          </>
        }
      >
        {items.map((item) => (
          <tr key={item.id}>
            <td>{item.text[lng] ?? item.text.en ?? ''}</td>
            <td>{item.active ? t('shown') : t('past')}</td>
            <td>{formatDateTime(item.updatedAt, lng)}</td>
          </tr>
        ))}
      </OfficeTable>
      {canPublish && shown ? (
        <div className={layout.actions}>
          <button type="button" className={buttons.danger} disabled={busy} onClick={() => void withdraw()}>
            {t('withdraw')}
          </button>
        </div>
      ) : null}
      {canPublish ? (
        <section aria-labelledby="publish-announcement" className={layout.panel}>
          <h2 id="publish-announcement">{t('publishHeading')}</h2>
          <ContentEditor
            spec={infoPopupSpec}
            item={null}
            submitLabel={t('publish')}
            savedMessage={t('published')}
            onSave={async (body) => {
              await publishInfoPopup(lng, body);
              await reload();
            }}
          />
        </section>
      ) : null}
    </div>
  );
}

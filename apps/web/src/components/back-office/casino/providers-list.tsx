'use client';

import type { CasinoProvider, CasinoProviderSecret } from '@playhouse/shared/contracts/casino-admin';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { ModalDialog } from '@/components/ui/modal-dialog';
import buttons from '@/components/ui/button.module.css';
import { formatDateTime } from '@/lib/account/money-format';
import { fetchCasinoProviders, rotateProviderSecret, updateCasinoProvider } from '@/lib/back-office/casino-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { CasinoList, useListChange } from './casino-list';
import { MoveButtons, renumbered } from './move-buttons';
import { useCasinoErrorText } from './use-casino-error-text';
import styles from './casino.module.css';

/** The game providers in their order: admins enable or disable each (its games follow) and move them. */
export function ProvidersList({ lng, canManage }: { lng: Locale; canManage: boolean }) {
  const t = useTranslations('boCasino');
  const { data, error, mutate } = useSWR(
    ['back-office', 'casino-providers', lng],
    () => fetchCasinoProviders(lng),
    SWR_OPTIONS,
  );
  const { message, change } = useListChange();
  const [rotating, setRotating] = useState<CasinoProvider | null>(null);
  const rows = data ?? [];

  async function apply(changes: { provider: CasinoProvider; patch: { active?: boolean; position?: number } }[]) {
    await change(async () => {
      for (const { provider, patch } of changes) await updateCasinoProvider(lng, provider.id, patch);
    }, t('categories.saved'));
    await mutate();
  }

  return (
    <CasinoList
      loadError={error}
      loaded={data !== undefined}
      onRetry={() => void mutate()}
      message={message}
      intro={canManage ? null : <p>{t('providers.adminOnly')}</p>}
      caption={t('providers.caption')}
      head={
        <>
          <th scope="col">{t('providers.provider')}</th>
          <th scope="col">{t('providers.games')}</th>
          <th scope="col">{t('providers.enabled')}</th>
          {canManage ? <th scope="col">{t('order.move')}</th> : null}
          {canManage ? <th scope="col">{t('providers.secret')}</th> : null}
        </>
      }
      footer={rotating ? <RotateDialog lng={lng} provider={rotating} onClose={() => setRotating(null)} /> : null}
    >
      {rows.map((provider, index) => (
        <tr key={provider.id}>
          <th scope="row">
            {provider.title}
            <span className={styles.note}>{provider.slug}</span>
          </th>
          <td>{provider.games}</td>
          <td>
            <input
              type="checkbox"
              aria-label={t('providers.enable', { provider: provider.title })}
              checked={provider.active}
              disabled={!canManage}
              onChange={(event) => void apply([{ provider, patch: { active: event.target.checked } }])}
            />
          </td>
          {canManage ? (
            <MoveButtons
              index={index}
              count={rows.length}
              upLabel={t('providers.moveUp', { provider: provider.title })}
              downLabel={t('providers.moveDown', { provider: provider.title })}
              onMove={(by) =>
                void apply(
                  renumbered(rows, index, by).map(({ item, position }) => ({
                    provider: item,
                    patch: { position },
                  })),
                )
              }
            />
          ) : null}
          {canManage ? (
            <td>
              {provider.slug === 'originals' ? (
                t('providers.inHouse')
              ) : (
                <button type="button" className={styles.link} onClick={() => setRotating(provider)}>
                  {t('providers.rotate', { provider: provider.title })}
                </button>
              )}
            </td>
          ) : null}
        </tr>
      ))}
    </CasinoList>
  );
}

/** Asks before rotating; then shows the new secret, this once, and until when the old one still works. */
function RotateDialog({ lng, provider, onClose }: { lng: Locale; provider: CasinoProvider; onClose: () => void }) {
  const t = useTranslations('boCasino');
  const errorText = useCasinoErrorText();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [rotated, setRotated] = useState<CasinoProviderSecret | null>(null);

  async function rotate() {
    setBusy(true);
    setFailure(null);
    try {
      setRotated(await rotateProviderSecret(lng, provider.id));
    } catch (cause) {
      setFailure(errorText(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog labelledBy={titleId} onClose={busy ? null : onClose}>
      <div className={styles.dialogForm}>
        {rotated ? (
          <>
            <h2 id={titleId}>{t('providers.newSecret', { provider: provider.title })}</h2>
            <p>{t('providers.shownOnce')}</p>
            <p>
              <code className={styles.secret}>{rotated.secret}</code>
            </p>
            <p>{t('providers.graceUntil', { until: formatDateTime(rotated.graceUntil, lng) })}</p>
            <div className={styles.actions}>
              <button type="button" className={buttons.primary} onClick={onClose}>
                {t('providers.close')}
              </button>
            </div>
          </>
        ) : (
          <>
            <h2 id={titleId}>{t('providers.rotate', { provider: provider.title })}</h2>
            <p>{t('providers.rotateQuestion', { provider: provider.title })}</p>
            {failure ? <p role="alert">{failure}</p> : null}
            <div className={styles.actions}>
              <button type="button" className={buttons.primary} disabled={busy} onClick={() => void rotate()}>
                {t('providers.confirm')}
              </button>
              <button type="button" className={buttons.secondary} disabled={busy} onClick={onClose}>
                {t('providers.cancel')}
              </button>
            </div>
          </>
        )}
      </div>
    </ModalDialog>
  );
}

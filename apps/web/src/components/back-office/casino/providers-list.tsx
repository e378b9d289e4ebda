'use client';

import type { CasinoProvider, CasinoProviderSecret } from '@playhouse/shared/contracts/casino-admin';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { ModalDialog } from '@/components/ui/modal-dialog';
import buttons from '@/components/ui/button.module.css';
import { formatDateTime } from '@/lib/account/money-format';
import { fetchCasinoProviders, rotateProviderSecret, updateCasinoProvider } from '@/lib/back-office/casino-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { MoveButtons, renumbered } from './move-buttons';
import { useCasinoErrorText } from './use-casino-error-text';
import styles from './casino.module.css';
import tableStyles from '../data-table.module.css';

/** The game providers in their order: admins enable or disable each (its games follow) and move them. */
export function ProvidersList({ lng, canManage }: { lng: Locale; canManage: boolean }) {
  const t = useTranslations('boCasino');
  const errorText = useCasinoErrorText();
  const captionId = useId();
  const { data, error, mutate } = useSWR(
    ['back-office', 'casino-providers', lng],
    () => fetchCasinoProviders(lng),
    SWR_OPTIONS,
  );
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [rotating, setRotating] = useState<CasinoProvider | null>(null);

  async function apply(changes: { provider: CasinoProvider; patch: { active?: boolean; position?: number } }[]) {
    setMessage(null);
    try {
      for (const { provider, patch } of changes) await updateCasinoProvider(lng, provider.id, patch);
      setMessage({ text: t('categories.saved'), failed: false });
    } catch (cause) {
      setMessage({ text: errorText(cause), failed: true });
    }
    await mutate();
  }

  if (error) return <LoadError message={errorText(error)} retryLabel={t('games.save')} onRetry={() => void mutate()} />;
  if (!data) return <p role="status">…</p>;
  return (
    <div className={styles.list}>
      {canManage ? null : <p>{t('providers.adminOnly')}</p>}
      <p className={styles.message} role={message?.failed ? 'alert' : 'status'}>
        {message?.text}
      </p>
      <div className={`${tableStyles.scroll} ${styles.middle}`} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId}>{t('providers.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('providers.provider')}</th>
              <th scope="col">{t('providers.games')}</th>
              <th scope="col">{t('providers.enabled')}</th>
              {canManage ? <th scope="col">{t('order.move')}</th> : null}
              {canManage ? <th scope="col">{t('providers.secret')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.map((provider, index) => (
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
                    count={data.length}
                    upLabel={t('providers.moveUp', { provider: provider.title })}
                    downLabel={t('providers.moveDown', { provider: provider.title })}
                    onMove={(by) =>
                      void apply(
                        renumbered(data, index, by).map(({ item, position }) => ({
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
          </tbody>
        </table>
      </div>
      {rotating ? <RotateDialog lng={lng} provider={rotating} onClose={() => setRotating(null)} /> : null}
    </div>
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

'use client';

import type { CasinoProvider, CasinoProviderSecret } from '@playhouse/shared/contracts/casino-admin';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import buttons from '@/components/ui/button.module.css';
import { formatDateTime } from '@/lib/account/money-format';
import { fetchCasinoProviders, rotateProviderSecret, updateCasinoProvider } from '@/lib/back-office/casino-api';
import { ShownList } from './shown-list';
import { useCasinoErrorText } from './use-casino-error-text';
import styles from './casino.module.css';

/** The game providers in their order: admins enable or disable each (its games follow) and move them. */
export function ProvidersList({ lng, canManage }: { lng: Locale; canManage: boolean }) {
  const t = useTranslations('boCasino');
  const [rotating, setRotating] = useState<CasinoProvider | null>(null);
  return (
    <ShownList
      lng={lng}
      canManage={canManage}
      cacheKey="casino-providers"
      load={fetchCasinoProviders}
      update={updateCasinoProvider}
      intro={canManage ? null : <p>{t('providers.adminOnly')}</p>}
      caption={t('providers.caption')}
      columns={[t('providers.provider'), t('providers.games'), t('providers.enabled')]}
      labels={({ title: provider }) => ({
        show: t('providers.enable', { provider }),
        up: t('providers.moveUp', { provider }),
        down: t('providers.moveDown', { provider }),
      })}
      name={(provider) => (
        <>
          {provider.title}
          <span className={styles.note}>{provider.slug}</span>
        </>
      )}
      extra={{
        head: t('providers.secret'),
        cell: (provider) =>
          provider.slug === 'originals' ? (
            t('providers.inHouse')
          ) : (
            <button type="button" className={styles.link} onClick={() => setRotating(provider)}>
              {t('providers.rotate', { provider: provider.title })}
            </button>
          ),
      }}
      footer={rotating ? <RotateDialog lng={lng} provider={rotating} onClose={() => setRotating(null)} /> : null}
    />
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

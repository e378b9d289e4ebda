'use client';

import { useTranslations } from 'next-intl';
import { LoadError } from '@/components/ui/load-error';
import layout from './content.module.css';

/**
 * What a content screen shows until its list has loaded: a loading note, or the failure with a retry. `namespace` holds
 * the screen's `loading`, `loadFailed` and `retry` texts.
 */
export function ContentPending({
  namespace,
  failed,
  onRetry,
}: {
  namespace: 'boContent.infoPopups' | 'boContent.locales' | 'boMedia';
  failed: boolean;
  onRetry: () => void;
}) {
  const t = useTranslations(namespace);
  if (failed) return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
  return <p className={layout.hint}>{t('loading')}</p>;
}

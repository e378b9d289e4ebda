'use client';

import type { Provider } from '@playhouse/shared/contracts/casino';
import { useTranslations } from 'next-intl';
import { useId, useState, type FocusEvent } from 'react';
import { Link } from '@/i18n/navigation';
import styles from './provider-picker.module.css';

/**
 * SPEC.md §2 "Provider picker": the button names the provider of the active category (else "choose provider") and
 * toggles the list; following a link, or moving the focus out of the picker, closes it. An entry shows the logo when
 * its dimensions are known, else its title, marked as having no logo.
 */
export function ProviderPicker({ providers, activeSlug }: { providers: Provider[]; activeSlug: string | null }) {
  const t = useTranslations('casino.providerPicker');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const active = providers.find((provider) => provider.slug === activeSlug);

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <div className={styles.picker} onBlur={onBlur}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">{t('label')}: </span>
        {active ? active.title : t('choose')}
      </button>
      <ul id={listId} className={styles.list} hidden={!open} aria-label={t('label')}>
        {providers.map((provider) => {
          const logo = provider.imagePath ?? provider.secondaryImagePath;
          const withLogo = logo !== null && provider.imageWidth !== null && provider.imageHeight !== null;
          return (
            <li key={provider.id}>
              <Link
                href={`/category/${provider.slug}`}
                className={withLogo ? styles.entry : `${styles.entry} ${styles.noLogo}`}
                data-no-logo={withLogo ? undefined : ''}
                aria-current={provider.slug === activeSlug ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {withLogo ? (
                  // Logos are small operator SVGs with known dimensions; next/image would not optimize them. Lazy:
                  // the list is closed when the page arrives, so they load when it opens, not beside the page's
                  // largest paint (an eager image in the server's HTML is also preloaded from <head> by React).
                  // eslint-disable-next-line @next/next/no-img-element
                  <img
                    src={logo}
                    width={provider.imageWidth!}
                    height={provider.imageHeight!}
                    alt={provider.title}
                    loading="lazy"
                  />
                ) : (
                  <>
                    {provider.title}
                    <span className="visually-hidden"> ({t('noLogo')})</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

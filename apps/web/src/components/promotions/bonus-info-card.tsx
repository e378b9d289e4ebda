'use client';

import { useId, useState, type ReactNode } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { Link } from '@/i18n/navigation';
import { useAppSelector } from '@/store/hooks';
import styles from './bonus-info-block.module.css';

export type BonusInfoLabels = { getBonusUpper: string; getBonus: string; terms: string; termsHeading: string };

type BonusInfoCardProps = {
  slug: string;
  title: string;
  /** Already sanitized on the server. */
  descriptionHtml: string;
  /** The offer in one line and its terms, rendered on the server from the campaign behind the entry. */
  headline: string | null;
  termLines: string[];
  omitGetBonusButton: boolean;
  labels: BonusInfoLabels;
  picture: ReactNode;
};

const CASHBOX = '/cashbox';
const REGISTER = '/auth/register';

/**
 * Where the two links of a bonus lead (SPEC.md §2, §6): GET BONUS to the cashbox for a signed-in player, else to
 * registration; the Get bonus link in the terms the same, except that a signed-in player gets none when the operator
 * left it out.
 */
export function bonusLinks(signedIn: boolean, omitGetBonusButton: boolean) {
  return {
    getBonus: signedIn ? CASHBOX : REGISTER,
    termsGetBonus: signedIn ? (omitGetBonusButton ? null : CASHBOX) : REGISTER,
  };
}

/** One bonus: picture, title, GET BONUS, and the Terms & conditions disclosure with its own Get bonus link. */
export function BonusInfoCard({
  slug,
  title,
  descriptionHtml,
  headline,
  termLines,
  omitGetBonusButton,
  labels,
  picture,
}: BonusInfoCardProps) {
  const titleId = useId();
  const termsId = useId();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  // Until hydration the server's answer (a visitor) stands, so both renders agree.
  const signedIn = useAppSelector((state) => state.userSlice.user) !== null && hydrated;
  const links = bonusLinks(signedIn, omitGetBonusButton);

  return (
    <article className={`${styles.card} bonus-info-${slug}`} aria-labelledby={titleId}>
      {picture}
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {headline ? <p className={styles.headline}>{headline}</p> : null}
        <div className={styles.actions}>
          <Link href={links.getBonus} className={styles.primary}>
            {labels.getBonusUpper}
          </Link>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={termsId}
            onClick={() => setOpen((value) => !value)}
          >
            {labels.terms}
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.chevron}>
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div id={termsId} className={styles.terms} hidden={!open}>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
          {termLines.length > 0 ? (
            // A named list, not a landmark: every card has one, and landmarks must be told apart.
            <ul className={styles.termList} aria-label={labels.termsHeading}>
              {termLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          {links.termsGetBonus ? (
            <Link href={links.termsGetBonus} className={styles.secondary}>
              {labels.getBonus}
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}

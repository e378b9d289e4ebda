'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { ActiveBonusSummary } from './wagering-progress';

/** The profile's bonus section: wagering progress of the active bonus and the way to offers and history. */
export function ProfileBonusSection({ className }: { className?: string }) {
  const t = useTranslations('bonuses');
  return (
    <section aria-labelledby="profile-bonus" className={className}>
      <h2 id="profile-bonus">{t('page.activeTitle')}</h2>
      <ActiveBonusSummary />
      <p>
        <Link href="/bonuses">{t('page.allBonuses')}</Link>
      </p>
    </section>
  );
}

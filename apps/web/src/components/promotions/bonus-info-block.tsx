import type { Locale } from '@playhouse/shared';
import { getTranslations } from 'next-intl/server';
import { getBonusInfos } from '@/lib/promotions';
import { promotionHeadline, promotionTermLines, type TermsTranslator } from '@/lib/promotion-terms';
import { sanitizeRichHtml } from '@/lib/sanitize';
import styles from './bonus-info-block.module.css';
import { BonusInfoCard, type BonusInfoLabels } from './bonus-info-card';
import { BonusPicture } from './bonus-picture';

/**
 * SPEC.md §2 "Bonus info block": each bonus with its picture, title, GET BONUS link and terms. The figures (headline and
 * terms list) come from the campaign the entry names, through the `promotionTerms` translations, never from text typed
 * per entry. The operator's text is sanitized here on the server, so the browser gets no sanitizer; which links a card shows is decided in the browser, where the
 * signed-in player is known.
 */
export async function BonusInfoBlock({ lng }: { lng: Locale }) {
  const [bonusInfos, t, tt] = await Promise.all([
    getBonusInfos(lng),
    getTranslations({ locale: lng, namespace: 'promotions' }),
    getTranslations({ locale: lng, namespace: 'promotionTerms' }),
  ]);
  if (bonusInfos.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  const labels: BonusInfoLabels = {
    getBonusUpper: t('getBonusUpper'),
    getBonus: t('getBonus'),
    terms: t('terms'),
    termsHeading: tt('heading'),
  };
  const translate: TermsTranslator = (key, values) => tt(key, values);
  return (
    <ul className={styles.list} aria-label={t('listLabel')}>
      {bonusInfos.map((info, index) => (
        <li key={info.slug} className={styles.item}>
          <BonusInfoCard
            slug={info.slug}
            title={info.imageTitle}
            descriptionHtml={sanitizeRichHtml(info.fullDescription)}
            headline={info.campaign ? promotionHeadline(info.campaign, translate, lng) : null}
            termLines={info.campaign ? promotionTermLines(info.campaign, translate, lng) : []}
            omitGetBonusButton={info.omitGetBonusButton}
            labels={labels}
            picture={<BonusPicture images={info.images} priority={index === 0} />}
          />
        </li>
      ))}
    </ul>
  );
}

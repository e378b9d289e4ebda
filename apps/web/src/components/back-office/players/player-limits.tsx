'use client';

import { DOCUMENT_TYPES } from '@playhouse/shared/contracts/protection';
import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { Link } from '@/i18n/navigation';
import { fetchPlayerProtection } from '@/lib/back-office/players-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import styles from './players.module.css';
import { OfficeTable } from '../office-table';

/** The player's limits, break or exclusion, verification and markers of harm: read only (the player owns them). */
export function PlayerLimits({ playerId, name }: { playerId: number; name: string }) {
  const t = useTranslations('boPlayers.limits');
  const tProfile = useTranslations('boPlayers.profile');
  const format = useFormatter();
  const id = useId();
  const protection = useSWR(['bo-player-protection', playerId], () => fetchPlayerProtection(playerId), SWR_OPTIONS);
  const when = (value: string) => format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' });
  if (protection.error) {
    return (
      <LoadError
        message={tProfile('loadFailed')}
        retryLabel={tProfile('retry')}
        onRetry={() => void protection.mutate()}
      />
    );
  }
  const data = protection.data;
  if (!data) return <p role="status">{tProfile('loading')}</p>;
  const restriction = data.restriction;
  return (
    <div>
      <p className={styles.muted}>{t('readOnly')}</p>
      <dl className={styles.details}>
        <div>
          <dt>{t('profile')}</dt>
          <dd>{data.profile}</dd>
        </div>
        <div>
          <dt>{t('realityCheck')}</dt>
          <dd>
            {data.realityCheckMinutes === null
              ? tProfile('none')
              : t('realityCheckEvery', { minutes: data.realityCheckMinutes })}
          </dd>
        </div>
        <div>
          <dt>{t('restriction')}</dt>
          <dd>
            {restriction.kind ? `${t(`restrictionKinds.${restriction.kind}`)}: ` : ''}
            {t(`states.${restriction.state}`)}
            {restriction.endsAt ? ` ${t('until', { date: when(restriction.endsAt) })}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('nationalRegister')}</dt>
          <dd>{data.nationalRegister ? t('registerListed') : t('registerNotListed')}</dd>
        </div>
        {DOCUMENT_TYPES.map((type) => (
          <div key={type}>
            <dt>
              {t('verification')}: {t(`documents.${type}`)}
            </dt>
            <dd>{t(`documentStatuses.${data.verification[type] ?? 'none'}`)}</dd>
          </div>
        ))}
      </dl>
      <h3 id={`${id}-matches`}>{t('matchesHeading')}</h3>
      {data.exclusionMatches.length === 0 ? (
        <p>{t('noMatches')}</p>
      ) : (
        <>
          <p className={styles.warning}>{t('matchesExplain')}</p>
          <ul aria-labelledby={`${id}-matches`}>
            {data.exclusionMatches.map((match) => (
              <li key={match.userId}>
                <Link href={`/staff/players/${match.userId}`}>{match.username}</Link>
                {': '}
                {t('matchSince', { kind: t(`restrictionKinds.${match.kind}`), date: when(match.since) })}
                {', '}
                {t('matchedOn', { fields: match.on.map((field) => t(`matchFields.${field}`)).join(', ') })}
              </li>
            ))}
          </ul>
        </>
      )}
      <OfficeTable
        caption={`${t('heading')}: ${name}`}
        head={
          <>
            <th scope="col">{t('limit')}</th>
            <th scope="col">{t('value')}</th>
            <th scope="col">{t('used')}</th>
            <th scope="col">{t('pending')}</th>
          </>
        }
      >
        {data.limits.map((limit) => (
          <tr key={`${limit.kind}-${limit.period}`}>
            <td>
              {t(`kinds.${limit.kind}`)} {t(`periods.${limit.period}`)}
            </td>
            <td>{limit.amount ?? tProfile('none')}</td>
            <td>{limit.used ?? tProfile('none')}</td>
            <td>
              {limit.pendingEffectiveAt
                ? `${limit.pendingAmount ?? tProfile('none')} (${when(limit.pendingEffectiveAt)})`
                : tProfile('none')}
            </td>
          </tr>
        ))}
        {data.limits.length === 0 ? (
          <tr>
            <td colSpan={4}>{t('noLimits')}</td>
          </tr>
        ) : null}
      </OfficeTable>
      <h3>{t('flags')}</h3>
      {data.flags.length === 0 ? <p>{t('noFlags')}</p> : null}
      <ul>
        {data.flags.map((flag) => (
          <li key={flag.id}>
            {t(`rules.${flag.rule}`)}: {when(flag.flaggedAt)} ({flag.reviewedAt ? t('flagReviewed') : t('flagOpen')})
          </li>
        ))}
      </ul>
    </div>
  );
}

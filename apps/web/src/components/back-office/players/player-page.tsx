'use client';

import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { OfficeFrame } from '@/components/back-office/office-frame';
import buttons from '@/components/ui/button.module.css';
import { LoadError } from '@/components/ui/load-error';
import { Link } from '@/i18n/navigation';
import { fetchPlayer, fetchPlayerBalances } from '@/lib/back-office/players-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { BlockDialog } from './block-dialog';
import { PlayerLimits } from './player-limits';
import { PlayerList } from './player-lists';
import { PlayerNotes } from './player-notes';
import type { PlayerPermissions } from './player-permissions';
import { PlayerProfileDetails } from './player-profile';
import { PlayerSessions } from './player-sessions';
import { PlayerTags } from './player-tags';
import styles from './players.module.css';

const TABS = [
  'profile',
  'balances',
  'ledger',
  'bets',
  'rounds',
  'bonuses',
  'payments',
  'withdrawals',
  'sessions',
  'limits',
  'notes',
  'tags',
] as const;
type Tab = (typeof TABS)[number];

function tabsFor(may: PlayerPermissions): Tab[] {
  return TABS.filter((tab) => {
    if (tab === 'balances' || tab === 'ledger') return may.ledger;
    if (tab === 'limits') return may.protection;
    if (tab === 'notes') return may.notes;
    return true;
  });
}

/** A player's page: the profile and its sections as links (a section is an address), block and unblock. */
export function PlayerPage({ playerId, may }: { playerId: number; may: PlayerPermissions }) {
  const t = useTranslations('boPlayers');
  const params = useSearchParams();
  const id = useId();
  const tabs = tabsFor(may);
  const asked = params.get('tab');
  const tab: Tab = tabs.find((candidate) => candidate === asked) ?? 'profile';
  const profile = useSWR(['bo-player', playerId], () => fetchPlayer(playerId), SWR_OPTIONS);
  const [dialog, setDialog] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const player = profile.data;
  const title = player ? player.username : t('title');

  const blockAction =
    player && may.block ? (
      <button
        type="button"
        className={player.status === 'blocked' ? buttons.primary : buttons.danger}
        onClick={() => setDialog(true)}
      >
        {player.status === 'blocked' ? t('block.unblock') : t('block.block')}
      </button>
    ) : undefined;

  return (
    <OfficeFrame title={title} breadcrumbs={[{ href: '/staff/players', label: t('title') }]} actions={blockAction}>
      <div role="status">{notice ? <p>{notice}</p> : null}</div>
      {profile.error ? (
        <LoadError
          message={t('profile.loadFailed')}
          retryLabel={t('profile.retry')}
          onRetry={() => void profile.mutate()}
        />
      ) : null}
      {player ? (
        <>
          <nav aria-label={t('tabs.label')} className={styles.tabs}>
            <ul>
              {tabs.map((candidate) => (
                <li key={candidate}>
                  <Link
                    href={`/staff/players/${playerId}?tab=${candidate}`}
                    aria-current={candidate === tab ? 'page' : undefined}
                    scroll={false}
                  >
                    {t(`tabs.${candidate}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby={`${id}-tab`} className={styles.panel}>
            <h2 id={`${id}-tab`}>{t(`tabs.${tab}`)}</h2>
            {tab === 'profile' ? <PlayerProfileDetails player={player} /> : null}
            {tab === 'balances' ? <PlayerBalances playerId={playerId} /> : null}
            {tab === 'ledger' ||
            tab === 'bets' ||
            tab === 'rounds' ||
            tab === 'bonuses' ||
            tab === 'payments' ||
            tab === 'withdrawals' ? (
              <PlayerList key={tab} playerId={playerId} name={player.username} kind={tab} />
            ) : null}
            {tab === 'sessions' ? (
              <PlayerSessions playerId={playerId} name={player.username} mayEnd={may.sessionsEnd} />
            ) : null}
            {tab === 'limits' ? <PlayerLimits playerId={playerId} name={player.username} /> : null}
            {tab === 'notes' ? <PlayerNotes playerId={playerId} /> : null}
            {tab === 'tags' ? (
              <PlayerTags player={player} mayEdit={may.tags} onChanged={() => profile.mutate()} />
            ) : null}
          </section>
          {dialog ? (
            <BlockDialog
              playerId={playerId}
              name={player.username}
              block={player.status !== 'blocked'}
              onClose={() => setDialog(false)}
              onDone={() => {
                setNotice(player.status === 'blocked' ? t('block.unblocked') : t('block.blocked'));
                setDialog(false);
                void profile.mutate();
              }}
            />
          ) : null}
        </>
      ) : (
        <p role="status">{profile.error ? null : t('profile.loading')}</p>
      )}
    </OfficeFrame>
  );
}

function PlayerBalances({ playerId }: { playerId: number }) {
  const t = useTranslations('boPlayers');
  const balances = useSWR(['bo-player-balances', playerId], () => fetchPlayerBalances(playerId), SWR_OPTIONS);
  if (balances.error) {
    return (
      <LoadError
        message={t('profile.loadFailed')}
        retryLabel={t('profile.retry')}
        onRetry={() => void balances.mutate()}
      />
    );
  }
  const data = balances.data;
  if (!data) return <p role="status">{t('profile.loading')}</p>;
  return (
    <dl className={styles.details}>
      {(['main', 'bonus', 'withdrawalsPending'] as const).map((key) => (
        <div key={key}>
          <dt>{t(`balances.${key}`)}</dt>
          <dd>
            {data[key]} {data.currency}
          </dd>
        </div>
      ))}
    </dl>
  );
}

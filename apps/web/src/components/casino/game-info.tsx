import {
  isSlotConfig,
  isTableGame,
  SLOT_CONFIGS,
  SLOT_CONFIG_MAX_MULTIPLIER,
  SLOT_CONFIG_STATED_RTP_BP,
  TABLE_LOWEST_RTP_BP,
  TABLE_MAX_MULTIPLIER,
  type SlotConfig,
  type TableGame,
} from '@playhouse/games';
import type { GameDetail } from '@playhouse/shared/contracts/casino';
import type { Locale } from '@playhouse/shared/locales';
import { getTranslations } from 'next-intl/server';
import { SYMBOL_ART } from '@/components/originals/slot-symbols';
import styles from './game-info.module.css';

const percent = (basisPoints: number) => (basisPoints / 100).toFixed(2);

/** A table game's rules text, by its configuration. */
const RULES_KEY: Record<TableGame, string> = {
  blackjack: 'blackjack.rules',
  'blackjack-multihand': 'blackjack.rules',
  'roulette-european': 'roulette.rules.european',
  'roulette-french': 'roulette.rules.french',
  'roulette-american': 'roulette.rules.american',
  baccarat: 'baccarat.rules',
  'three-card-poker': 'threeCard.rules',
  'casino-holdem': 'holdem.rules',
  'video-poker-jacks-or-better': 'videoPoker.rules',
  'sic-bo': 'sicBo.rules',
  'red-dog': 'redDog.rules',
  craps: 'craps.rules',
};

/**
 * What the game page says about the game, read from the configuration that plays it (packages/games), never from a
 * text typed beside it: a slot's reels, lines or ways, paytable, wild, scatter, free spins, volatility, return and
 * largest win; a table game's rules and returns.
 */
export async function GameInfo({ lng, game }: { lng: Locale; game: GameDetail }) {
  if (game.engine === 'slot' && isSlotConfig(game.config)) {
    return <SlotInfo lng={lng} config={SLOT_CONFIGS[game.config]} id={game.config} />;
  }
  if ((game.engine === 'table' || game.engine === 'shared-table') && isTableGame(game.config)) {
    return <TableInfo lng={lng} game={game.config} rtp={game.rtp} />;
  }
  return null;
}

async function SlotInfo({ lng, config, id }: { lng: Locale; config: SlotConfig; id: keyof typeof SLOT_CONFIGS }) {
  const t = await getTranslations({ locale: lng, namespace: 'tables.slot' });
  const number = new Intl.NumberFormat(lng, { maximumFractionDigits: 2 });
  const counts = Array.from({ length: config.reels }, (_, index) => index + 1);
  const paying = config.symbols.filter((symbol) => (config.paytable[symbol] ?? []).some((pay) => pay > 0));
  const columns = counts.filter((count) => paying.some((symbol) => (config.paytable[symbol]?.[count] ?? 0) > 0));
  const name = (symbol: string) => t(`symbols.${symbol}`);
  const scatter = config.scatter;
  const scatterPays = (config.scatterPays ?? [])
    .map((pays, count) => ({ count, pays }))
    .filter((entry) => entry.pays > 0);
  return (
    <section className={styles.info} aria-labelledby="game-info-title" data-testid="slot-info">
      <h2 id="game-info-title">{t('about')}</h2>
      <ul className={styles.facts}>
        <li>{t('shape', { reels: config.reels, rows: config.rows })}</li>
        <li>
          {config.evaluation.kind === 'lines'
            ? t('lines', { count: number.format(config.evaluation.paylines.length) })
            : t('ways', { count: number.format(config.rows ** config.reels) })}
        </li>
        <li>{t('volatility', { level: t(`volatilityLevels.${config.volatility}`) })}</li>
        <li>{t('rtp', { rtp: percent(SLOT_CONFIG_STATED_RTP_BP[id]) })}</li>
        <li>{t('maxWin', { multiple: number.format(SLOT_CONFIG_MAX_MULTIPLIER[id]) })}</li>
      </ul>
      {config.wild ? (
        <p>
          {config.wild === scatter
            ? t('wildScatter', { symbol: name(config.wild) })
            : t('wild', { symbol: name(config.wild) })}
        </p>
      ) : null}
      {scatter
        ? scatterPays.map((entry) => (
            <p key={entry.count}>
              {t('scatterPays', { count: entry.count, symbol: name(scatter), pays: number.format(entry.pays) })}
            </p>
          ))
        : null}
      {config.freeSpins && scatter ? (
        <p>
          {t('freeSpins', {
            trigger: config.freeSpins.trigger,
            symbol: name(scatter),
            spins: config.freeSpins.spins,
            multiplier: config.freeSpins.multiplier,
          })}
        </p>
      ) : null}
      <table className={styles.paytable}>
        <caption>
          {t('paytable')}
          <span className={styles.note}>{t('paytableNote')}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('symbol')}</th>
            {columns.map((count) => (
              <th key={count} scope="col">
                {t('inARow', { count })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paying.map((symbol) => (
            <tr key={symbol}>
              <th scope="row">
                <span aria-hidden="true">{SYMBOL_ART[symbol] ?? ''} </span>
                {name(symbol)}
              </th>
              {columns.map((count) => {
                const pay = config.paytable[symbol]?.[count] ?? 0;
                return <td key={count}>{pay > 0 ? `${number.format(pay / config.coins)}×` : '–'}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

async function TableInfo({ lng, game, rtp }: { lng: Locale; game: TableGame; rtp: string }) {
  const t = await getTranslations({ locale: lng, namespace: 'tables' });
  const number = new Intl.NumberFormat(lng, { maximumFractionDigits: 1 });
  return (
    <section className={styles.info} aria-labelledby="game-info-title" data-testid="table-info">
      <h2 id="game-info-title">{t('table.about')}</h2>
      <p>{t(RULES_KEY[game])}</p>
      <ul className={styles.facts}>
        <li>{t('table.rtp', { rtp })}</li>
        <li>{t('table.lowestRtp', { rtp: percent(TABLE_LOWEST_RTP_BP[game]) })}</li>
        <li>{t('table.maxPayout', { multiple: number.format(TABLE_MAX_MULTIPLIER[game]) })}</li>
      </ul>
    </section>
  );
}

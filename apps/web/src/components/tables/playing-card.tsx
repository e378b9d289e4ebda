'use client';

import { useTranslations } from 'next-intl';
import styles from './tables.module.css';

const SUIT_GLYPH: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
const RANK_GLYPH: Record<string, string> = { T: '10' };

/** A card's name as the engines write it ("As", "Td") in the player's language: "ace of spades". */
export function useCardName() {
  const t = useTranslations('tables.cards');
  return (name: string) => t('card', { rank: t(`ranks.${name[0]}`), suit: t(`suits.${name[1]}`) });
}

/** One card face (or its back): the glyphs are for the eye, the label for a screen reader. */
export function PlayingCard({ name }: { name: string | null }) {
  const t = useTranslations('tables.cards');
  const cardName = useCardName();
  if (name === null) {
    return <span className={`${styles.card} ${styles.cardBack}`} role="img" aria-label={t('hidden')} />;
  }
  const rank = name[0]!;
  const suit = name[1]!;
  return (
    <span className={styles.card} data-red={suit === 'd' || suit === 'h'} role="img" aria-label={cardName(name)}>
      <span aria-hidden="true">
        <span className={styles.cardRank}>{RANK_GLYPH[rank] ?? rank}</span>
        <span className={styles.cardSuit}>{SUIT_GLYPH[suit]}</span>
      </span>
    </span>
  );
}

/** A row of cards, listed for screen readers; `hidden` face-down cards follow the faces. */
export function CardRow({ cards, hidden = 0, label }: { cards: readonly string[]; hidden?: number; label: string }) {
  return (
    <ul className={styles.cards} aria-label={label}>
      {cards.map((card, index) => (
        <li key={`${card}-${index}`}>
          <PlayingCard name={card} />
        </li>
      ))}
      {Array.from({ length: hidden }, (_, index) => (
        <li key={`hidden-${index}`}>
          <PlayingCard name={null} />
        </li>
      ))}
    </ul>
  );
}

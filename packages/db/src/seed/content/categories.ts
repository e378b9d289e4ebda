import type { navCategories } from '../../schema/content';
import { mediaPaths } from '../assets/media-paths';
import type { Localized } from './localized';

export interface DemoCategory {
  slug: string;
  title: Localized;
  description: Localized;
  /**
   * The game the category opens instead of its catalogue page: the in-house Dice game for Originals and the
   * pre-match sportsbook for Sports (SPEC.md §2, /{lng}/game/prematch-mts).
   */
  headGameSlug: string | null;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    slug: 'top',
    title: { en: 'Top games', de: 'Top-Spiele', es: 'Los más jugados', pt: 'Os mais jogados', ru: 'Популярные' },
    description: {
      en: 'The games our players love most this week.',
      de: 'Die Spiele, die unsere Spieler diese Woche am meisten begeistern.',
      es: 'Los juegos que más gustan a nuestros jugadores esta semana.',
      pt: 'Os jogos de que os nossos jogadores mais gostam esta semana.',
      ru: 'Игры, которые наши игроки любят больше всего на этой неделе.',
    },
    headGameSlug: null,
  },
  {
    slug: 'new',
    title: { en: 'New games', de: 'Neue Spiele', es: 'Novedades', pt: 'Novidades', ru: 'Новинки' },
    description: {
      en: 'Fresh releases, added on the day they launch.',
      de: 'Neuerscheinungen, die am Tag ihres Starts bei uns landen.',
      es: 'Estrenos recién salidos, disponibles el mismo día de su lanzamiento.',
      pt: 'Lançamentos acabados de sair, disponíveis no próprio dia de estreia.',
      ru: 'Свежие релизы появляются у нас в день выхода.',
    },
    headGameSlug: null,
  },
  {
    slug: 'slots',
    title: { en: 'Slots', de: 'Spielautomaten', es: 'Tragaperras', pt: 'Máquinas de slot', ru: 'Слоты' },
    description: {
      en: 'Classic fruit machines, video slots and Megaways reels.',
      de: 'Klassische Früchte-Automaten, Video-Slots und Megaways-Walzen.',
      es: 'Máquinas de frutas clásicas, tragaperras de vídeo y rodillos Megaways.',
      pt: 'Máquinas de frutas clássicas, slots de vídeo e rolos Megaways.',
      ru: 'Классические фруктовые автоматы, видеослоты и барабаны Megaways.',
    },
    headGameSlug: null,
  },
  {
    slug: 'live-casino',
    title: { en: 'Live casino', de: 'Live-Casino', es: 'Casino en vivo', pt: 'Casino ao vivo', ru: 'Живое казино' },
    description: {
      en: 'Real dealers streamed in HD, around the clock.',
      de: 'Echte Croupiers in HD, rund um die Uhr.',
      es: 'Crupieres reales retransmitidos en HD, a todas horas.',
      pt: 'Croupiers reais transmitidos em HD, a qualquer hora.',
      ru: 'Настоящие дилеры в HD-трансляции круглосуточно.',
    },
    headGameSlug: null,
  },
  {
    slug: 'table-games',
    title: { en: 'Table games', de: 'Tischspiele', es: 'Juegos de mesa', pt: 'Jogos de mesa', ru: 'Настольные игры' },
    description: {
      en: 'Blackjack, roulette, baccarat and poker classics.',
      de: 'Blackjack, Roulette, Baccara und Poker-Klassiker.',
      es: 'Blackjack, ruleta, bacará y clásicos del póquer.',
      pt: 'Blackjack, roleta, bacará e clássicos do póquer.',
      ru: 'Блэкджек, рулетка, баккара и покерная классика.',
    },
    headGameSlug: null,
  },
  {
    slug: 'jackpots',
    title: { en: 'Jackpots', de: 'Jackpot-Spiele', es: 'Botes', pt: 'Prémios acumulados', ru: 'Джекпоты' },
    description: {
      en: 'Progressive prize pools that grow with every spin.',
      de: 'Progressive Gewinntöpfe, die mit jedem Dreh wachsen.',
      es: 'Botes progresivos que crecen con cada giro.',
      pt: 'Prémios progressivos que crescem a cada jogada.',
      ru: 'Прогрессивные призовые фонды, которые растут с каждым вращением.',
    },
    headGameSlug: null,
  },
  {
    slug: 'originals',
    title: { en: 'Originals', de: 'Eigene Spiele', es: 'Originales', pt: 'Originais', ru: 'Наши игры' },
    description: {
      en: 'Games made in-house at Playhouse: quick rounds, simple rules.',
      de: 'Spiele aus dem Hause Playhouse: schnelle Runden, einfache Regeln.',
      es: 'Juegos creados por Playhouse: rondas rápidas y reglas sencillas.',
      pt: 'Jogos criados pela Playhouse: rondas rápidas e regras simples.',
      ru: 'Игры собственной разработки Playhouse: быстрые раунды и простые правила.',
    },
    headGameSlug: 'dice',
  },
  {
    slug: 'sports',
    title: { en: 'Sports', de: 'Sportwetten', es: 'Deportes', pt: 'Desporto', ru: 'Спорт' },
    description: {
      en: 'Pre-match odds on football, tennis, basketball and more.',
      de: 'Quoten vor dem Anpfiff für Fußball, Tennis, Basketball und mehr.',
      es: 'Cuotas prepartido de fútbol, tenis, baloncesto y mucho más.',
      pt: 'Odds pré-jogo de futebol, ténis, basquetebol e muito mais.',
      ru: 'Ставки до начала матча на футбол, теннис, баскетбол и другие виды спорта.',
    },
    headGameSlug: 'prematch-mts',
  },
];

export function demoCategories(): (typeof navCategories.$inferInsert)[] {
  return DEMO_CATEGORIES.map((category, position) => ({
    slug: category.slug,
    title: category.title,
    description: category.description,
    imagePath: mediaPaths.category(category.slug),
    headGameSlug: category.headGameSlug,
    position,
    active: true,
  }));
}

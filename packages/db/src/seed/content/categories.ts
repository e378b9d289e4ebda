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
      en: 'A three-reel fruit machine, line slots and 243 to 4,096 ways to win, each with its own paytable.',
      de: 'Ein Früchte-Automat mit drei Walzen, Linien-Slots und 243 bis 4.096 Gewinnwege, jeder mit eigenem Gewinnplan.',
      es: 'Una máquina de frutas de tres rodillos, tragaperras de líneas y de 243 a 4.096 formas de ganar, cada una con su tabla de pagos.',
      pt: 'Uma máquina de frutas de três rolos, slots de linhas e de 243 a 4096 formas de ganhar, cada uma com a sua tabela de pagamentos.',
      ru: 'Фруктовый автомат с тремя барабанами, слоты с линиями и от 243 до 4096 путей выигрыша, у каждого своя таблица выплат.',
    },
    headGameSlug: null,
  },
  {
    slug: 'shared-tables',
    title: {
      en: 'Shared tables',
      de: 'Gemeinsame Tische',
      es: 'Mesas compartidas',
      pt: 'Mesas partilhadas',
      ru: 'Общие столы',
    },
    description: {
      en: 'Roulette and baccarat on a fixed clock: everyone seated plays the same round, provably fair.',
      de: 'Roulette und Baccara im festen Takt: Alle am Tisch spielen dieselbe Runde, nachweislich fair.',
      es: 'Ruleta y bacará a ritmo fijo: todos los sentados juegan la misma ronda, con equidad demostrable.',
      pt: 'Roleta e bacará a ritmo fixo: todos os que estão sentados jogam a mesma ronda, com equidade comprovável.',
      ru: 'Рулетка и баккара по твёрдому расписанию: все за столом играют один и тот же раунд, с доказуемой честностью.',
    },
    headGameSlug: null,
  },
  {
    slug: 'table-games',
    title: { en: 'Table games', de: 'Tischspiele', es: 'Juegos de mesa', pt: 'Jogos de mesa', ru: 'Настольные игры' },
    description: {
      en: 'Blackjack, roulette, baccarat, poker and dice games, each with its standard rules.',
      de: 'Blackjack, Roulette, Baccara, Poker und Würfelspiele, jedes nach seinen üblichen Regeln.',
      es: 'Blackjack, ruleta, bacará, póquer y juegos de dados, cada uno con sus reglas habituales.',
      pt: 'Blackjack, roleta, bacará, póquer e jogos de dados, cada um com as suas regras habituais.',
      ru: 'Блэкджек, рулетка, баккара, покер и игры в кости, каждая по своим обычным правилам.',
    },
    headGameSlug: null,
  },
  {
    slug: 'jackpots',
    title: {
      en: 'Big wins',
      de: 'Große Gewinne',
      es: 'Grandes premios',
      pt: 'Grandes prémios',
      ru: 'Крупные выигрыши',
    },
    description: {
      en: 'High-volatility slots: wins come less often, and the biggest are the largest we pay.',
      de: 'Slots mit hoher Volatilität: Gewinne kommen seltener, und die größten sind die höchsten, die wir auszahlen.',
      es: 'Tragaperras de volatilidad alta: los premios llegan con menos frecuencia y los mayores son los más altos que pagamos.',
      pt: 'Slots de volatilidade alta: os prémios chegam com menos frequência e os maiores são os mais altos que pagamos.',
      ru: 'Слоты с высокой волатильностью: выигрыши выпадают реже, зато самые крупные — самые большие из тех, что мы платим.',
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

import type { DbOrTx } from '../client';
import { bonusInfos } from '../schema/bonus-infos';
import { pageMetadata } from '../schema/content';
import { mediaPaths } from './assets/media-paths';
import type { Localized } from './content/localized';

interface SeedBonusInfo {
  slug: string;
  /** The campaign the entry offers (seed/bonuses.ts). */
  campaignSlug: string;
  /** The slide theme whose wordless artwork (apps/web/public/media/slides) pictures this bonus. */
  artwork: string;
  imageTitle: Localized;
  fullDescription: Localized;
  omitGetBonusButton: boolean;
}

/**
 * The entries name no figure of their own: the title is the offer's name, the text says what the offer is for, and
 * the web lays the campaign's own terms (percent, cap, minimum deposit, wagering, days, max bet, spins and game,
 * cashback share) under it from the campaign's row, so what a player reads is what the engine applies.
 */
const DEMO_BONUS_INFOS: SeedBonusInfo[] = [
  {
    slug: 'welcome-bonus',
    campaignSlug: 'first-deposit-match',
    artwork: 'welcome',
    imageTitle: {
      en: 'Welcome bonus on your first deposit',
      de: 'Willkommensbonus auf Ihre erste Einzahlung',
      es: 'Bono de bienvenida en tu primer depósito',
      pt: 'Bónus de boas-vindas no seu primeiro depósito',
      ru: 'Приветственный бонус на первый депозит',
    },
    fullDescription: {
      en: '<p>Your first deposit is matched with bonus money. The offer appears on your bonuses page once the deposit is in; accept it there to start.</p>',
      de: '<p>Ihre erste Einzahlung wird mit Bonusguthaben aufgestockt. Das Angebot erscheint auf Ihrer Bonusseite, sobald die Einzahlung eingegangen ist; nehmen Sie es dort an.</p>',
      es: '<p>Tu primer depósito se completa con saldo de bono. La oferta aparece en tu página de bonos en cuanto llega el depósito; acéptala allí para empezar.</p>',
      pt: '<p>O seu primeiro depósito é acompanhado de saldo de bónus. A oferta aparece na sua página de bónus assim que o depósito entrar; aceite-a aí para começar.</p>',
      ru: '<p>К первому депозиту добавляются бонусные средства. Предложение появится на странице бонусов, как только депозит зачислен; примите его там.</p>',
    },
    omitGetBonusButton: false,
  },
  {
    slug: 'weekend-reload',
    campaignSlug: 'weekend-reload',
    artwork: 'weekend-reload',
    imageTitle: {
      en: 'Weekend reload',
      de: 'Wochenend-Reload',
      es: 'Recarga de fin de semana',
      pt: 'Recarga de fim de semana',
      ru: 'Бонус выходного дня',
    },
    fullDescription: {
      en: '<p>Top up at the weekend and part of your deposit comes back as bonus money, once a week, on your bonuses page.</p>',
      de: '<p>Zahlen Sie am Wochenende ein, und ein Teil Ihrer Einzahlung kommt als Bonusguthaben zurück, einmal pro Woche, auf Ihrer Bonusseite.</p>',
      es: '<p>Deposita el fin de semana y parte de tu depósito vuelve como saldo de bono, una vez por semana, en tu página de bonos.</p>',
      pt: '<p>Deposite ao fim de semana e parte do seu depósito volta em saldo de bónus, uma vez por semana, na sua página de bónus.</p>',
      ru: '<p>Пополните счёт в выходные, и часть депозита вернётся бонусными средствами раз в неделю на странице бонусов.</p>',
    },
    omitGetBonusButton: false,
  },
  {
    slug: 'free-spins-friday',
    campaignSlug: 'friday-free-spins',
    artwork: 'free-spins',
    imageTitle: {
      en: 'Free Spins Friday',
      de: 'Freispiel-Freitag',
      es: 'Viernes de giros gratis',
      pt: 'Sexta-feira de rodadas grátis',
      ru: 'Пятница фриспинов',
    },
    fullDescription: {
      en: '<p>Make a deposit on a Friday and free spins on the slot named below are offered to you on your bonuses page.</p>',
      de: '<p>Zahlen Sie an einem Freitag ein, und Freispiele am unten genannten Automaten werden Ihnen auf Ihrer Bonusseite angeboten.</p>',
      es: '<p>Haz un depósito un viernes y en tu página de bonos se te ofrecerán giros gratis en la tragaperras indicada abajo.</p>',
      pt: '<p>Faça um depósito a uma sexta-feira e são-lhe oferecidas rodadas grátis na slot indicada abaixo, na sua página de bónus.</p>',
      ru: '<p>Пополните счёт в пятницу, и на странице бонусов вам предложат фриспины в указанном ниже слоте.</p>',
    },
    // The spins come with a Friday deposit by themselves, so the terms need no button of their own for players.
    omitGetBonusButton: true,
  },
  {
    slug: 'weekly-cashback',
    campaignSlug: 'weekly-cashback',
    artwork: 'cashback',
    imageTitle: {
      en: 'Weekly cashback',
      de: 'Wöchentliches Cashback',
      es: 'Reembolso semanal',
      pt: 'Cashback semanal',
      ru: 'Еженедельный кешбэк',
    },
    fullDescription: {
      en: '<p>When a week at the casino costs you money, a share of your net losses (stakes minus wins, your own money) comes back to you after the week ends.</p>',
      de: '<p>Wenn Sie in einer Woche im Casino Geld verlieren, erhalten Sie nach Ende der Woche einen Teil Ihrer Nettoverluste (Einsätze minus Gewinne, Ihr eigenes Geld) zurück.</p>',
      es: '<p>Si una semana en el casino te cuesta dinero, al terminar la semana te devolvemos una parte de tus pérdidas netas (apuestas menos ganancias, tu propio dinero).</p>',
      pt: '<p>Quando uma semana no casino lhe custa dinheiro, parte das suas perdas líquidas (apostas menos ganhos, o seu próprio dinheiro) volta para si quando a semana termina.</p>',
      ru: '<p>Если неделя в казино обошлась вам в убыток, после её окончания часть чистого проигрыша (ставки минус выигрыши, ваши собственные деньги) вернётся к вам.</p>',
    },
    // The cashback comes by itself after the week: there is nothing to get now.
    omitGetBonusButton: true,
  },
];

export function demoBonusInfos(): (typeof bonusInfos.$inferInsert)[] {
  return DEMO_BONUS_INFOS.map((info, position) => ({
    slug: info.slug,
    imageMobile: mediaPaths.slide(info.artwork, 'mobile'),
    imageTablet: mediaPaths.slide(info.artwork, 'tablet'),
    imageDesktop: mediaPaths.slide(info.artwork, 'desktop'),
    imageTitle: info.imageTitle,
    fullDescription: info.fullDescription,
    omitGetBonusButton: info.omitGetBonusButton,
    campaignSlug: info.campaignSlug,
    position,
    active: true,
  }));
}

/** The head of /{lng}/promotions, the page that carries the bonus info block. */
const PROMOTIONS_METADATA: typeof pageMetadata.$inferInsert = {
  routePath: '/promotions',
  title: {
    en: 'Promotions and bonuses | Playhouse',
    de: 'Aktionen und Boni | Playhouse',
    es: 'Promociones y bonos | Playhouse',
    pt: 'Promoções e bónus | Playhouse',
    ru: 'Акции и бонусы | Playhouse',
  },
  keywords: {
    en: 'Playhouse bonus, welcome bonus, free spins, reload bonus',
    de: 'Playhouse Bonus, Willkommensbonus, Freispiele, Reload-Bonus',
    es: 'bono de Playhouse, bono de bienvenida, giros gratis, bono de recarga',
    pt: 'bónus Playhouse, bónus de boas-vindas, rodadas grátis, bónus de recarga',
    ru: 'бонус Playhouse, приветственный бонус, фриспины, бонус на депозит',
  },
  description: {
    en: 'The welcome bonus, weekend reloads, free spins and weekly cashback at Playhouse, with their full terms.',
    de: 'Willkommensbonus, Wochenend-Reloads, Freispiele und wöchentliches Cashback bei Playhouse, mit allen Bedingungen.',
    es: 'El bono de bienvenida, las recargas de fin de semana, los giros gratis y el reembolso semanal de Playhouse, con todos sus términos.',
    pt: 'O bónus de boas-vindas, as recargas de fim de semana, as rodadas grátis e o cashback semanal da Playhouse, com todos os termos.',
    ru: 'Приветственный бонус, бонусы выходного дня, фриспины и еженедельный кешбэк в Playhouse с полными условиями.',
  },
};

/** The bonus info block's demo entries (SPEC.md §2 "Bonus info block") and the head of the page showing them. */
export async function seedBonusInfos(tx: DbOrTx): Promise<void> {
  await tx.insert(bonusInfos).values(demoBonusInfos());
  await tx.insert(pageMetadata).values(PROMOTIONS_METADATA);
}

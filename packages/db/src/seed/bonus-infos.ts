import type { DbOrTx } from '../client';
import { bonusInfos } from '../schema/bonus-infos';
import { pageMetadata } from '../schema/content';
import { mediaPaths } from './assets/media-paths';
import type { Localized } from './content/localized';

interface SeedBonusInfo {
  slug: string;
  /** The slide theme whose wordless artwork (apps/web/public/media/slides) pictures this bonus. */
  artwork: string;
  imageTitle: Localized;
  fullDescription: Localized;
  omitGetBonusButton: boolean;
}

const DEMO_BONUS_INFOS: SeedBonusInfo[] = [
  {
    slug: 'welcome-bonus',
    artwork: 'welcome',
    imageTitle: {
      en: '100% welcome bonus up to €200',
      de: '100 % Willkommensbonus bis zu 200 €',
      es: 'Bono de bienvenida del 100 % hasta 200 €',
      pt: 'Bónus de boas-vindas de 100% até 200 €',
      ru: 'Приветственный бонус 100 % до 200 €',
    },
    fullDescription: {
      en: '<p>Your first deposit is matched <strong>100%</strong>, up to €200, as bonus money.</p><ul><li>Minimum deposit: €10.</li><li>Wager the bonus 30 times within 14 days; slots count in full, table games 10%.</li><li>While wagering, a single bet may not exceed €5.</li><li>One welcome bonus per player, household and device.</li></ul>',
      de: '<p>Ihre erste Einzahlung wird zu <strong>100 %</strong> bis 200 € als Bonusguthaben verdoppelt.</p><ul><li>Mindesteinzahlung: 10 €.</li><li>Der Bonus muss innerhalb von 14 Tagen 30-mal umgesetzt werden; Automaten zählen voll, Tischspiele zu 10 %.</li><li>Während des Umsatzes darf ein einzelner Einsatz 5 € nicht übersteigen.</li><li>Ein Willkommensbonus pro Person, Haushalt und Gerät.</li></ul>',
      es: '<p>Tu primer depósito se iguala al <strong>100 %</strong>, hasta 200 €, en saldo de bono.</p><ul><li>Depósito mínimo: 10 €.</li><li>Apuesta el bono 30 veces en 14 días; las tragaperras cuentan al completo y los juegos de mesa un 10 %.</li><li>Mientras se cumple el requisito, ninguna apuesta puede superar los 5 €.</li><li>Un bono de bienvenida por jugador, hogar y dispositivo.</li></ul>',
      pt: '<p>O seu primeiro depósito é igualado a <strong>100%</strong>, até 200 €, em saldo de bónus.</p><ul><li>Depósito mínimo: 10 €.</li><li>Aposte o bónus 30 vezes em 14 dias; as slots contam na totalidade e os jogos de mesa 10%.</li><li>Durante o requisito de aposta, nenhuma aposta pode exceder 5 €.</li><li>Um bónus de boas-vindas por jogador, agregado familiar e dispositivo.</li></ul>',
      ru: '<p>Ваш первый депозит удваивается на <strong>100 %</strong>, до 200 €, бонусными средствами.</p><ul><li>Минимальный депозит: 10 €.</li><li>Бонус нужно отыграть 30 раз за 14 дней; слоты засчитываются полностью, настольные игры — на 10 %.</li><li>Во время отыгрыша одна ставка не может превышать 5 €.</li><li>Один приветственный бонус на игрока, семью и устройство.</li></ul>',
    },
    omitGetBonusButton: false,
  },
  {
    slug: 'weekend-reload',
    artwork: 'weekend-reload',
    imageTitle: {
      en: '50% weekend reload up to €100',
      de: '50 % Wochenend-Reload bis zu 100 €',
      es: 'Recarga de fin de semana del 50 % hasta 100 €',
      pt: 'Recarga de fim de semana de 50% até 100 €',
      ru: 'Бонус выходного дня 50 % до 100 €',
    },
    fullDescription: {
      en: '<p>Deposit on a Saturday or Sunday and get <strong>50%</strong> of it, up to €100, as bonus money.</p><ul><li>Minimum deposit: €20.</li><li>Wager the bonus 25 times within 7 days.</li><li>Once per weekend.</li></ul>',
      de: '<p>Zahlen Sie an einem Samstag oder Sonntag ein und erhalten Sie <strong>50 %</strong> davon, bis zu 100 €, als Bonusguthaben.</p><ul><li>Mindesteinzahlung: 20 €.</li><li>Der Bonus muss innerhalb von 7 Tagen 25-mal umgesetzt werden.</li><li>Einmal pro Wochenende.</li></ul>',
      es: '<p>Deposita un sábado o un domingo y recibe el <strong>50 %</strong>, hasta 100 €, en saldo de bono.</p><ul><li>Depósito mínimo: 20 €.</li><li>Apuesta el bono 25 veces en 7 días.</li><li>Una vez por fin de semana.</li></ul>',
      pt: '<p>Deposite a um sábado ou domingo e receba <strong>50%</strong> do valor, até 100 €, em saldo de bónus.</p><ul><li>Depósito mínimo: 20 €.</li><li>Aposte o bónus 25 vezes em 7 dias.</li><li>Uma vez por fim de semana.</li></ul>',
      ru: '<p>Пополните счёт в субботу или воскресенье и получите <strong>50 %</strong> суммы, до 100 €, бонусными средствами.</p><ul><li>Минимальный депозит: 20 €.</li><li>Бонус нужно отыграть 25 раз за 7 дней.</li><li>Один раз за выходные.</li></ul>',
    },
    omitGetBonusButton: false,
  },
  {
    slug: 'free-spins-friday',
    artwork: 'free-spins',
    imageTitle: {
      en: '20 free spins every Friday',
      de: 'Jeden Freitag 20 Freispiele',
      es: '20 giros gratis cada viernes',
      pt: '20 rodadas grátis todas as sextas-feiras',
      ru: '20 фриспинов каждую пятницу',
    },
    fullDescription: {
      en: '<p>Make any deposit on a Friday and <strong>20 free spins</strong> on the featured slot are added to your account automatically.</p><ul><li>Minimum deposit: €10.</li><li>Winnings from the spins are bonus money, wagered 20 times within 3 days.</li></ul>',
      de: '<p>Zahlen Sie an einem Freitag beliebig ein, und <strong>20 Freispiele</strong> am ausgewählten Automaten werden Ihrem Konto automatisch gutgeschrieben.</p><ul><li>Mindesteinzahlung: 10 €.</li><li>Gewinne aus den Freispielen sind Bonusguthaben und müssen innerhalb von 3 Tagen 20-mal umgesetzt werden.</li></ul>',
      es: '<p>Haz cualquier depósito un viernes y se añadirán automáticamente a tu cuenta <strong>20 giros gratis</strong> en la tragaperras destacada.</p><ul><li>Depósito mínimo: 10 €.</li><li>Las ganancias de los giros son saldo de bono y deben apostarse 20 veces en 3 días.</li></ul>',
      pt: '<p>Faça qualquer depósito a uma sexta-feira e <strong>20 rodadas grátis</strong> na slot em destaque são adicionadas automaticamente à sua conta.</p><ul><li>Depósito mínimo: 10 €.</li><li>Os ganhos das rodadas são saldo de bónus, a apostar 20 vezes em 3 dias.</li></ul>',
      ru: '<p>Пополните счёт на любую сумму в пятницу, и <strong>20 фриспинов</strong> в избранном слоте автоматически появятся на вашем счёте.</p><ul><li>Минимальный депозит: 10 €.</li><li>Выигрыш с фриспинов — бонусные средства, которые нужно отыграть 20 раз за 3 дня.</li></ul>',
    },
    // The spins come with any Friday deposit by themselves, so the terms need no button of their own for players.
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
    en: 'The welcome bonus, weekend reloads and free spins at Playhouse, with their full terms.',
    de: 'Willkommensbonus, Wochenend-Reloads und Freispiele bei Playhouse, mit allen Bedingungen.',
    es: 'El bono de bienvenida, las recargas de fin de semana y los giros gratis de Playhouse, con todos sus términos.',
    pt: 'O bónus de boas-vindas, as recargas de fim de semana e as rodadas grátis da Playhouse, com todos os termos.',
    ru: 'Приветственный бонус, бонусы выходного дня и фриспины в Playhouse с полными условиями.',
  },
};

/** The bonus info block's demo entries (SPEC.md §2 "Bonus info block") and the head of the page showing them. */
export async function seedBonusInfos(tx: DbOrTx): Promise<void> {
  await tx.insert(bonusInfos).values(demoBonusInfos());
  await tx.insert(pageMetadata).values(PROMOTIONS_METADATA);
}

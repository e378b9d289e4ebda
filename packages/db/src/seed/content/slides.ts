import type { slides } from '../../schema/content';
import { mediaPaths } from '../assets/media-paths';
import type { Localized } from './localized';

interface DemoSlide {
  kind: 'home' | 'banner';
  /** Also names the slide's artwork (assets/slide-art.ts) and, on banners, its CSS class. */
  slug: string;
  body: Localized;
  buttonText: Localized;
  /** A path without the locale; the web prefixes /{lng}/. */
  url: string;
  /** The campaign a slide advertises: the web shows its terms, so the body names no figure of its own. */
  campaignSlug?: string;
}

const DEMO_SLIDES: DemoSlide[] = [
  {
    kind: 'home',
    slug: 'welcome',
    url: 'auth/register',
    campaignSlug: 'first-deposit-match',
    body: {
      en: '<h2>Welcome to Playhouse</h2><p>Sign up in a minute and get a <strong>welcome bonus</strong> on your first deposit.</p>',
      de: '<h2>Willkommen bei Playhouse</h2><p>In einer Minute registriert – mit <strong>Willkommensbonus</strong> auf Ihre erste Einzahlung.</p>',
      es: '<h2>Bienvenido a Playhouse</h2><p>Regístrate en un minuto y consigue un <strong>bono de bienvenida</strong> con tu primer depósito.</p>',
      pt: '<h2>Bem-vindo à Playhouse</h2><p>Registe-se num minuto e receba um <strong>bónus de boas-vindas</strong> no seu primeiro depósito.</p>',
      ru: '<h2>Добро пожаловать в Playhouse</h2><p>Зарегистрируйтесь за минуту и получите <strong>приветственный бонус</strong> на первый депозит.</p>',
    },
    buttonText: {
      en: 'Join now',
      de: 'Jetzt registrieren',
      es: 'Únete ahora',
      pt: 'Registar agora',
      ru: 'Присоединиться',
    },
  },
  {
    kind: 'home',
    slug: 'shared-tables',
    url: 'category/shared-tables',
    body: {
      en: '<h2>Shared tables, one clock</h2><p>Roulette and baccarat rounds every few seconds: <strong>everyone seated sees the same round</strong>, and each one can be verified.</p>',
      de: '<h2>Gemeinsame Tische, ein Takt</h2><p>Roulette- und Baccara-Runden alle paar Sekunden: <strong>Alle am Tisch sehen dieselbe Runde</strong>, und jede lässt sich prüfen.</p>',
      es: '<h2>Mesas compartidas, un mismo reloj</h2><p>Rondas de ruleta y bacará cada pocos segundos: <strong>todos los sentados ven la misma ronda</strong> y cada una se puede verificar.</p>',
      pt: '<h2>Mesas partilhadas, um só relógio</h2><p>Rondas de roleta e bacará a cada poucos segundos: <strong>todos os que estão sentados veem a mesma ronda</strong> e cada uma pode ser verificada.</p>',
      ru: '<h2>Общие столы, одни часы</h2><p>Раунды рулетки и баккара каждые несколько секунд: <strong>все за столом видят один и тот же раунд</strong>, и каждый можно проверить.</p>',
    },
    buttonText: {
      en: 'Take a seat',
      de: 'Platz nehmen',
      es: 'Ir a la mesa',
      pt: 'Sentar à mesa',
      ru: 'Занять место',
    },
  },
  {
    kind: 'home',
    slug: 'sports',
    url: 'category/sports',
    body: {
      en: '<h2>Every match, every minute</h2><p>Football, tennis, basketball and more, with <strong>sharp pre-match odds</strong> updated all day.</p>',
      de: '<h2>Jedes Spiel, jede Minute</h2><p>Fußball, Tennis, Basketball und mehr – mit <strong>starken Quoten vor dem Anpfiff</strong>, den ganzen Tag aktualisiert.</p>',
      es: '<h2>Cada partido, cada minuto</h2><p>Fútbol, tenis, baloncesto y mucho más, con <strong>cuotas prepartido competitivas</strong> actualizadas todo el día.</p>',
      pt: '<h2>Cada jogo, cada minuto</h2><p>Futebol, ténis, basquetebol e muito mais, com <strong>odds pré-jogo competitivas</strong> atualizadas durante todo o dia.</p>',
      ru: '<h2>Каждый матч, каждая минута</h2><p>Футбол, теннис, баскетбол и многое другое с <strong>выгодными коэффициентами до начала матча</strong>, которые обновляются весь день.</p>',
    },
    buttonText: {
      en: 'Place a bet',
      de: 'Jetzt wetten',
      es: 'Apostar ahora',
      pt: 'Apostar agora',
      ru: 'Сделать ставку',
    },
  },
  {
    kind: 'banner',
    slug: 'weekend-reload',
    url: 'cashbox',
    campaignSlug: 'weekend-reload',
    body: {
      en: '<h2>Weekend reload</h2><p>Top up on Saturday or Sunday and get <strong>extra bonus money</strong> for the weekend.</p>',
      de: '<h2>Wochenend-Reload</h2><p>Am Samstag oder Sonntag einzahlen und <strong>zusätzliches Bonusguthaben</strong> fürs Wochenende sichern.</p>',
      es: '<h2>Recarga de fin de semana</h2><p>Deposita el sábado o el domingo y llévate <strong>saldo extra de bono</strong> para el fin de semana.</p>',
      pt: '<h2>Recarga de fim de semana</h2><p>Deposite ao sábado ou ao domingo e receba <strong>saldo de bónus extra</strong> para o fim de semana.</p>',
      ru: '<h2>Бонус выходного дня</h2><p>Пополните счёт в субботу или воскресенье и получите <strong>дополнительные бонусные средства</strong> на выходные.</p>',
    },
    buttonText: { en: 'Top up', de: 'Einzahlen', es: 'Depositar', pt: 'Depositar', ru: 'Пополнить' },
  },
  {
    kind: 'banner',
    slug: 'free-spins',
    url: 'category/slots',
    campaignSlug: 'friday-free-spins',
    body: {
      en: '<h2>Free Spins Friday</h2><p>Every Friday, <strong>free spins</strong> on a named slot for every player who makes a deposit.</p>',
      de: '<h2>Freispiel-Freitag</h2><p>Jeden Freitag gibt es <strong>Freispiele</strong> an einem genannten Automaten für alle, die einzahlen.</p>',
      es: '<h2>Viernes de giros gratis</h2><p>Cada viernes, <strong>giros gratis</strong> en una tragaperras indicada para todos los que hagan un depósito.</p>',
      pt: '<h2>Sexta-feira de rodadas grátis</h2><p>Todas as sextas-feiras, <strong>rodadas grátis</strong> numa slot indicada para quem fizer um depósito.</p>',
      ru: '<h2>Пятница фриспинов</h2><p>Каждую пятницу — <strong>бесплатные вращения</strong> в указанном слоте для всех, кто пополнит счёт.</p>',
    },
    buttonText: {
      en: 'See the slots',
      de: 'Zu den Automaten',
      es: 'Ver tragaperras',
      pt: 'Ver as slots',
      ru: 'К слотам',
    },
  },
  {
    kind: 'banner',
    slug: 'cashback',
    url: 'category/table-games',
    campaignSlug: 'weekly-cashback',
    body: {
      en: '<h2>Weekly cashback</h2><p>After every week, <strong>a share of your net casino losses</strong> comes back to you.</p>',
      de: '<h2>Wöchentliches Cashback</h2><p>Nach jeder Woche erhalten Sie <strong>einen Teil Ihrer Nettoverluste im Casino</strong> zurück.</p>',
      es: '<h2>Reembolso semanal</h2><p>Después de cada semana te devolvemos <strong>una parte de tus pérdidas netas en el casino</strong>.</p>',
      pt: '<h2>Cashback semanal</h2><p>Depois de cada semana, devolvemos <strong>parte das suas perdas líquidas no casino</strong>.</p>',
      ru: '<h2>Еженедельный кешбэк</h2><p>После каждой недели мы возвращаем <strong>часть чистого проигрыша в казино</strong>.</p>',
    },
    buttonText: {
      en: 'To the tables',
      de: 'Zu den Tischen',
      es: 'Ir a las mesas',
      pt: 'Ir para as mesas',
      ru: 'К столам',
    },
  },
];

export function demoSlides(): (typeof slides.$inferInsert)[] {
  return DEMO_SLIDES.map((slide) => ({
    kind: slide.kind,
    slug: slide.slug,
    imageMobile: mediaPaths.slide(slide.slug, 'mobile'),
    imageTablet: mediaPaths.slide(slide.slug, 'tablet'),
    imageDesktop: mediaPaths.slide(slide.slug, 'desktop'),
    body: slide.body,
    buttonText: slide.buttonText,
    url: slide.url,
    campaignSlug: slide.campaignSlug ?? null,
    position: DEMO_SLIDES.filter((other) => other.kind === slide.kind).indexOf(slide),
    active: true,
  }));
}

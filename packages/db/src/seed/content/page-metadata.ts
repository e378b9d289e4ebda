import { DEFAULT_LOCALE, LOCALES } from '@playhouse/shared';
import type { pageMetadata } from '../../schema/content';
import { mediaPaths } from '../assets/media-paths';
import { DEMO_CATEGORIES } from './categories';
import { localize, type Localized } from './localized';
import { DEMO_SITE } from './site';

type PageMetadataRow = typeof pageMetadata.$inferInsert;

interface DemoPageMetadata {
  routePath: string;
  title: Localized;
  keywords: Localized;
  description: Localized;
  imageUrl?: string;
  jsonLd?: Record<string, unknown>;
  customMetaTags?: { name: string; content: string }[];
  robotsIndex?: boolean;
  robotsFollow?: boolean;
}

/** schema.org data for the home page; absolute URLs on the seeded default domain (site settings). */
function homeJsonLd(): Record<string, unknown> {
  const origin = DEMO_SITE.defaultDomain;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebSite',
        '@id': `${origin}/#website`,
        url: `${origin}/`,
        name: DEMO_SITE.siteName,
        inLanguage: [...LOCALES],
        publisher: { '@id': `${origin}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${origin}/${DEFAULT_LOCALE}/search?searchValue={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
      {
        '@type': 'Organization',
        '@id': `${origin}/#organization`,
        name: DEMO_SITE.siteName,
        url: `${origin}/`,
        logo: `${origin}${mediaPaths.manifestIcon(512)}`,
        email: DEMO_SITE.supportEmail,
      },
    ],
  };
}

const CATEGORY_KEYWORDS: Localized = {
  en: 'Playhouse, online casino',
  de: 'Playhouse, Online-Casino',
  es: 'Playhouse, casino online',
  pt: 'Playhouse, casino online',
  ru: 'Playhouse, онлайн-казино',
};

const CATEGORY_DESCRIPTION_TAIL: Localized = {
  en: 'All at Playhouse, on any device.',
  de: 'Alles bei Playhouse, auf jedem Gerät.',
  es: 'Todo en Playhouse, en cualquier dispositivo.',
  pt: 'Tudo na Playhouse, em qualquer dispositivo.',
  ru: 'Всё это — в Playhouse на любом устройстве.',
};

const withSiteName = (title: string): string => `${title} | ${DEMO_SITE.siteName}`;
/** Page titles end with the site name, as on the rest of the site. */
const titled = (titles: Localized): Localized => localize((locale) => withSiteName(titles[locale]));

const DEMO_PAGE_METADATA: DemoPageMetadata[] = [
  {
    routePath: '*',
    title: {
      en: 'Playhouse | Online casino and sports betting',
      de: 'Playhouse | Online-Casino und Sportwetten',
      es: 'Playhouse | Casino online y apuestas deportivas',
      pt: 'Playhouse | Casino online e apostas desportivas',
      ru: 'Playhouse | Онлайн-казино и ставки на спорт',
    },
    keywords: {
      en: 'online casino, slots, table games, shared tables, sports betting',
      de: 'Online-Casino, Spielautomaten, Tischspiele, gemeinsame Tische, Sportwetten',
      es: 'casino online, tragaperras, juegos de mesa, mesas compartidas, apuestas deportivas',
      pt: 'casino online, slots, jogos de mesa, mesas partilhadas, apostas desportivas',
      ru: 'онлайн-казино, слоты, настольные игры, общие столы, ставки на спорт',
    },
    description: {
      en: 'Slots, table games and sports betting at Playhouse: one account, five languages, any device.',
      de: 'Spielautomaten, Tischspiele und Sportwetten bei Playhouse: ein Konto, fünf Sprachen, jedes Gerät.',
      es: 'Tragaperras, juegos de mesa y apuestas deportivas en Playhouse: una cuenta, cinco idiomas y cualquier dispositivo.',
      pt: 'Slots, jogos de mesa e apostas desportivas na Playhouse: uma conta, cinco idiomas e qualquer dispositivo.',
      ru: 'Слоты, настольные игры и ставки на спорт в Playhouse: один аккаунт, пять языков, любое устройство.',
    },
    imageUrl: mediaPaths.ogHome,
  },
  {
    routePath: '/',
    title: {
      en: 'Playhouse | Slots, table games and sports betting online',
      de: 'Playhouse | Spielautomaten, Tischspiele und Sportwetten online',
      es: 'Playhouse | Tragaperras, juegos de mesa y apuestas deportivas online',
      pt: 'Playhouse | Slots, jogos de mesa e apostas desportivas online',
      ru: 'Playhouse | Слоты, настольные игры и ставки на спорт онлайн',
    },
    keywords: {
      en: 'Playhouse, online casino, slots, table games, sports betting',
      de: 'Playhouse, Online-Casino, Spielautomaten, Tischspiele, Sportwetten',
      es: 'Playhouse, casino online, tragaperras, juegos de mesa, apuestas deportivas',
      pt: 'Playhouse, casino online, slots, jogos de mesa, apostas desportivas',
      ru: 'Playhouse, онлайн-казино, слоты, настольные игры, ставки на спорт',
    },
    description: {
      en: 'Play over a hundred slots, blackjack, roulette and poker, and bet on football, tennis and more. Sign up in a minute and claim your welcome bonus.',
      de: 'Über hundert Spielautomaten, Blackjack, Roulette und Poker sowie Wetten auf Fußball, Tennis und mehr. In einer Minute registriert, mit Willkommensbonus.',
      es: 'Más de cien tragaperras, blackjack, ruleta y póquer, y apuestas en fútbol, tenis y más. Regístrate en un minuto y consigue tu bono de bienvenida.',
      pt: 'Mais de cem slots, blackjack, roleta e póquer, e apostas em futebol, ténis e muito mais. Registe-se num minuto e receba o seu bónus de boas-vindas.',
      ru: 'Более ста слотов, блэкджек, рулетка и покер, а также ставки на футбол, теннис и не только. Зарегистрируйтесь за минуту и получите приветственный бонус.',
    },
    imageUrl: mediaPaths.ogHome,
    jsonLd: homeJsonLd(),
    customMetaTags: [
      { name: 'application-name', content: DEMO_SITE.siteName },
      { name: 'format-detection', content: 'telephone=no' },
    ],
  },
  {
    routePath: '/app-page',
    title: {
      en: 'Playhouse app | Install it on Android and iPhone',
      de: 'Playhouse-App | Auf Android und iPhone installieren',
      es: 'Aplicación de Playhouse | Instálala en Android y iPhone',
      pt: 'Aplicação Playhouse | Instale-a no Android e no iPhone',
      ru: 'Приложение Playhouse | Установка на Android и iPhone',
    },
    keywords: {
      en: 'Playhouse app, casino app, betting app, Android, iPhone',
      de: 'Playhouse-App, Casino-App, Wett-App, Android, iPhone',
      es: 'aplicación de Playhouse, aplicación de casino, aplicación de apuestas, Android, iPhone',
      pt: 'aplicação Playhouse, aplicação de casino, aplicação de apostas, Android, iPhone',
      ru: 'приложение Playhouse, приложение казино, приложение для ставок, Android, iPhone',
    },
    description: {
      en: 'Install Playhouse on your home screen in a few taps: no app store, full screen, always up to date.',
      de: 'Installieren Sie Playhouse mit wenigen Fingertipps auf Ihrem Startbildschirm: ohne App-Store, im Vollbild, immer aktuell.',
      es: 'Instala Playhouse en tu pantalla de inicio con unos pocos toques: sin tienda de aplicaciones, a pantalla completa y siempre actualizada.',
      pt: 'Instale a Playhouse no seu ecrã principal com poucos toques: sem loja de aplicações, em ecrã inteiro e sempre atualizada.',
      ru: 'Установите Playhouse на главный экран за пару касаний: без магазина приложений, во весь экран и всегда в актуальной версии.',
    },
    // A path containing 'manifest': the web declares it as a 512x512 open-graph image (SPEC.md §9).
    imageUrl: mediaPaths.manifestIcon(512),
  },
  {
    routePath: '/landing',
    title: titled({
      en: 'Your game starts here',
      de: 'Ihr Spiel beginnt hier',
      es: 'Tu juego empieza aquí',
      pt: 'O seu jogo começa aqui',
      ru: 'Ваша игра начинается здесь',
    }),
    keywords: {
      en: 'Playhouse, casino games, table games, sports betting',
      de: 'Playhouse, Casinospiele, Tischspiele, Sportwetten',
      es: 'Playhouse, juegos de casino, juegos de mesa, apuestas deportivas',
      pt: 'Playhouse, jogos de casino, jogos de mesa, apostas desportivas',
      ru: 'Playhouse, игры казино, настольные игры, ставки на спорт',
    },
    description: {
      en: 'Over a hundred casino games, table games and sports betting in one place, in your language and on any device.',
      de: 'Über hundert Casinospiele, Tischspiele und Sportwetten an einem Ort – in Ihrer Sprache und auf jedem Gerät.',
      es: 'Más de cien juegos de casino, juegos de mesa y apuestas deportivas en un solo lugar, en tu idioma y en cualquier dispositivo.',
      pt: 'Mais de cem jogos de casino, jogos de mesa e apostas desportivas num só lugar, no seu idioma e em qualquer dispositivo.',
      ru: 'Более ста игр казино, настольные игры и ставки на спорт в одном месте, на вашем языке и на любом устройстве.',
    },
    // Campaign landing page: kept out of search results so it does not compete with the home page.
    robotsIndex: false,
    robotsFollow: false,
  },
  ...DEMO_CATEGORIES.map((category): DemoPageMetadata => ({
    routePath: `/category/${category.slug}`,
    title: titled(category.title),
    keywords: localize((locale) => `${category.title[locale]}, ${CATEGORY_KEYWORDS[locale]}`),
    description: localize((locale) => `${category.description[locale]} ${CATEGORY_DESCRIPTION_TAIL[locale]}`),
  })),
  {
    routePath: '/cashbox',
    title: titled({ en: 'Deposit', de: 'Einzahlung', es: 'Depósito', pt: 'Depósito', ru: 'Пополнение счёта' }),
    keywords: {
      en: 'Playhouse deposit, payment methods, cashbox',
      de: 'Playhouse Einzahlung, Zahlungsmethoden, Kasse',
      es: 'depósito en Playhouse, métodos de pago, caja',
      pt: 'depósito na Playhouse, métodos de pagamento, caixa',
      ru: 'пополнение Playhouse, способы оплаты, касса',
    },
    description: {
      en: 'Top up your Playhouse balance securely with the payment method that suits you.',
      de: 'Laden Sie Ihr Playhouse-Guthaben sicher mit der Zahlungsmethode Ihrer Wahl auf.',
      es: 'Recarga tu saldo de Playhouse de forma segura con el método de pago que prefieras.',
      pt: 'Carregue o seu saldo Playhouse em segurança com o método de pagamento que preferir.',
      ru: 'Пополняйте баланс Playhouse безопасно удобным для вас способом оплаты.',
    },
    // A signed-in player's page: nothing for a search engine to show.
    robotsIndex: false,
  },
  {
    routePath: '/auth/register',
    title: titled({ en: 'Sign up', de: 'Registrieren', es: 'Registro', pt: 'Registo', ru: 'Регистрация' }),
    keywords: {
      en: 'Playhouse sign up, create account, welcome bonus',
      de: 'Playhouse Registrierung, Konto eröffnen, Willkommensbonus',
      es: 'registro en Playhouse, crear cuenta, bono de bienvenida',
      pt: 'registo na Playhouse, criar conta, bónus de boas-vindas',
      ru: 'регистрация в Playhouse, создать аккаунт, приветственный бонус',
    },
    description: {
      en: 'Create your Playhouse account in a minute and get a welcome bonus on your first deposit.',
      de: 'Eröffnen Sie Ihr Playhouse-Konto in einer Minute und sichern Sie sich einen Willkommensbonus auf Ihre erste Einzahlung.',
      es: 'Crea tu cuenta de Playhouse en un minuto y consigue un bono de bienvenida con tu primer depósito.',
      pt: 'Crie a sua conta Playhouse num minuto e receba um bónus de boas-vindas no seu primeiro depósito.',
      ru: 'Создайте аккаунт Playhouse за минуту и получите приветственный бонус на первый депозит.',
    },
  },
  {
    routePath: '/search',
    title: titled({
      en: 'Search games',
      de: 'Spiele suchen',
      es: 'Buscar juegos',
      pt: 'Pesquisar jogos',
      ru: 'Поиск игр',
    }),
    keywords: {
      en: 'Playhouse search, find games, slots',
      de: 'Playhouse Suche, Spiele finden, Spielautomaten',
      es: 'búsqueda en Playhouse, buscar juegos, tragaperras',
      pt: 'pesquisa na Playhouse, encontrar jogos, slots',
      ru: 'поиск Playhouse, найти игру, слоты',
    },
    description: {
      en: 'Find any game at Playhouse by its name or provider.',
      de: 'Finden Sie jedes Spiel bei Playhouse über seinen Namen oder Anbieter.',
      es: 'Encuentra cualquier juego de Playhouse por su nombre o proveedor.',
      pt: 'Encontre qualquer jogo da Playhouse pelo nome ou pelo fornecedor.',
      ru: 'Найдите любую игру Playhouse по названию или провайдеру.',
    },
    // Result pages for arbitrary search terms are thin, near-duplicate content.
    robotsIndex: false,
  },
];

export function demoPageMetadata(): PageMetadataRow[] {
  return DEMO_PAGE_METADATA.map((page) => ({
    routePath: page.routePath,
    title: page.title,
    keywords: page.keywords,
    description: page.description,
    imageUrl: page.imageUrl ?? null,
    jsonLd: page.jsonLd ?? null,
    customMetaTags: page.customMetaTags ?? [],
    robotsIndex: page.robotsIndex ?? true,
    robotsFollow: page.robotsFollow ?? true,
  }));
}

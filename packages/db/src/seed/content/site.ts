import { LOCALES } from '@playhouse/shared';
import type { htmlSnippets, infoPopups, siteSettings } from '../../schema/content';
import { BRAND } from '../assets/brand';
import { mediaPaths } from '../assets/media-paths';
import type { Localized } from './localized';

export const DEMO_SITE = {
  siteName: 'Playhouse',
  /** The local development origin; an operator sets the public one in site settings. */
  defaultDomain: 'http://localhost:3000',
  supportEmail: 'support@playhouse.example',
} as const;

export function demoSiteSettings(): typeof siteSettings.$inferInsert {
  return {
    id: 1,
    siteName: DEMO_SITE.siteName,
    defaultDomain: DEMO_SITE.defaultDomain,
    fbAppId: null,
    themeColor: BRAND.ink,
    backgroundColor: BRAND.night,
    favicons: [
      { href: mediaPaths.faviconSvg, sizes: 'any', type: 'image/svg+xml' },
      { href: mediaPaths.favicon(32), sizes: '32x32', type: 'image/png' },
      { href: mediaPaths.favicon(16), sizes: '16x16', type: 'image/png' },
    ],
    appleIcons: [{ href: mediaPaths.appleTouchIcon, sizes: '180x180', type: 'image/png' }],
    msTileColor: BRAND.tile,
    msTileImage: mediaPaths.msTile,
    manifestIcons: [
      { src: mediaPaths.manifestIcon(192), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: mediaPaths.manifestIcon(512), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: mediaPaths.manifestMaskableIcon, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** One paragraph per locale, each marked with its language, for snippets that cannot know the page's locale. */
function inEveryLanguage(texts: Localized): string {
  return LOCALES.map((locale) => `<p lang="${locale}">${texts[locale]}</p>`).join('');
}

/**
 * One harmless example per slot. Snippets are not localized and only show without JavaScript (noscript), so every
 * language is present; nothing here loads anything from a third party.
 */
export function demoHtmlSnippets(): (typeof htmlSnippets.$inferInsert)[] {
  return [
    {
      slot: 'head/bottom',
      html: '<meta name="referrer" content="strict-origin-when-cross-origin">',
      position: 0,
      active: true,
    },
    {
      slot: 'body/top',
      html: `<noscript>${inEveryLanguage({
        en: 'JavaScript is turned off: you can browse Playhouse, but the games and the live chat need it.',
        de: 'JavaScript ist ausgeschaltet: Sie können Playhouse ansehen, aber die Spiele und der Live-Chat benötigen es.',
        es: 'JavaScript está desactivado: puedes navegar por Playhouse, pero los juegos y el chat en vivo lo necesitan.',
        pt: 'O JavaScript está desativado: pode navegar na Playhouse, mas os jogos e o chat ao vivo precisam dele.',
        ru: 'JavaScript отключён: просматривать Playhouse можно, но для игр и онлайн-чата он необходим.',
      })}</noscript>`,
      position: 0,
      active: true,
    },
    {
      slot: 'body/bottom',
      html: `<noscript>${inEveryLanguage({
        en: '18+ only. Gambling can be addictive: play responsibly.',
        de: 'Erst ab 18 Jahren. Glücksspiel kann süchtig machen: Spielen Sie verantwortungsvoll.',
        es: 'Solo mayores de 18 años. El juego puede crear adicción: juega con responsabilidad.',
        pt: 'Apenas maiores de 18 anos. O jogo pode causar dependência: jogue com responsabilidade.',
        ru: 'Только для лиц старше 18 лет. Азартные игры могут вызывать зависимость: играйте ответственно.',
      })}</noscript>`,
      position: 0,
      active: true,
    },
  ];
}

/**
 * The info popup advertises the app. Its text carries the {email} placeholder, which the web fills with the
 * translated e-mail sample (messages: infoPopup.emailSample). Links are paths without the locale.
 */
export function demoInfoPopup(): typeof infoPopups.$inferInsert {
  return {
    text: {
      en: 'Playhouse is now an app: the same account, balance and games, one tap away on your home screen. Sign in with your e-mail address (for example {email}) and your usual password.',
      de: 'Playhouse gibt es jetzt als App: dasselbe Konto, dasselbe Guthaben und dieselben Spiele, nur einen Fingertipp entfernt auf Ihrem Startbildschirm. Melden Sie sich mit Ihrer E-Mail-Adresse (zum Beispiel {email}) und Ihrem gewohnten Passwort an.',
      es: 'Playhouse ya tiene aplicación: la misma cuenta, el mismo saldo y los mismos juegos, a un toque desde tu pantalla de inicio. Inicia sesión con tu correo electrónico (por ejemplo, {email}) y tu contraseña de siempre.',
      pt: 'A Playhouse já tem aplicação: a mesma conta, o mesmo saldo e os mesmos jogos, à distância de um toque no seu ecrã principal. Inicie sessão com o seu endereço de e-mail (por exemplo, {email}) e a palavra-passe de sempre.',
      ru: 'Playhouse теперь доступен как приложение: тот же аккаунт, тот же баланс и те же игры — в одно касание с главного экрана. Войдите, указав свой адрес электронной почты (например, {email}) и привычный пароль.',
    },
    buttonText: {
      en: 'Get the app',
      de: 'App holen',
      es: 'Conseguir la app',
      pt: 'Obter a aplicação',
      ru: 'Установить приложение',
    },
    closeButtonText: { en: 'Not now', de: 'Später', es: 'Ahora no', pt: 'Agora não', ru: 'Не сейчас' },
    hrefOnCloseButton: '/',
    hrefOnMainButton: '/app-page',
    active: true,
  };
}

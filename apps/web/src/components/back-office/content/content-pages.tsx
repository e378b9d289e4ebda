import type { StaffPermission } from '@playhouse/shared/staff/permissions';
import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Locale } from '@playhouse/shared/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ComponentProps, ReactNode } from 'react';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import buttons from '@/components/ui/button.module.css';
import { Link } from '@/i18n/navigation';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';
import { ArticlesList, BonusInfosList, PageMetadataList, SlidesList } from './content-lists';
import { ArticleScreen, BonusInfoScreen, PageMetadataScreen, SlideScreen } from './content-item-screens';
import { InfoPopupsPanel } from './info-popups-panel';
import { LocalesPanel } from './locales-panel';
import { TranslationsScreen } from './translations-screen';

type ListArgs = { lng: Locale; base: `/staff/content/${string}` };
type ItemArgs = { lng: Locale; id: number | null; listHref: string; canEdit: boolean };

/** The content kinds edited item by item: their address, texts, the permission that allows editing, their screens. */
const KINDS = {
  slides: {
    base: '/staff/content/slides',
    texts: 'slides',
    write: 'content.promotions',
    list: (args: ListArgs) => <SlidesList {...args} kind="home" />,
    item: (args: ItemArgs) => <SlideScreen {...args} kind="home" />,
  },
  banners: {
    base: '/staff/content/banners',
    texts: 'banners',
    write: 'content.promotions',
    list: (args: ListArgs) => <SlidesList {...args} kind="banner" />,
    item: (args: ItemArgs) => <SlideScreen {...args} kind="banner" />,
  },
  bonusInfos: {
    base: '/staff/content/bonus-infos',
    texts: 'bonusInfos',
    write: 'content.promotions',
    list: (args: ListArgs) => <BonusInfosList {...args} />,
    item: (args: ItemArgs) => <BonusInfoScreen {...args} />,
  },
  articles: {
    base: '/staff/content/articles',
    texts: 'articles',
    write: 'content.manage',
    list: (args: ListArgs) => <ArticlesList {...args} />,
    item: (args: ItemArgs) => <ArticleScreen {...args} />,
  },
  pageMetadata: {
    base: '/staff/content/page-metadata',
    texts: 'pageMetadata',
    write: 'content.manage',
    list: (args: ListArgs) => <PageMetadataList {...args} />,
    item: (args: ItemArgs) => <PageMetadataScreen {...args} />,
  },
} as const satisfies Record<
  string,
  {
    base: `/staff/content/${string}`;
    texts: string;
    write: StaffPermission;
    list: (args: ListArgs) => ReactNode;
    item: (args: ItemArgs) => ReactNode;
  }
>;

export type ContentKind = keyof typeof KINDS;

type ListPageProps = { params: Promise<{ lng: string }> };
type ItemPageProps = { params: Promise<{ lng: string; id: string }> };

/** The id segment of an item page: a positive integer, else the 404 page; "new" for a new item. */
function itemId(raw: string): number | null {
  if (raw === 'new') return null;
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) notFound();
  return id;
}

/** The head of a content page: its title, never indexed (the office layout says so too). */
export function contentMetadata(kind: ContentKind) {
  return async ({ params }: ListPageProps): Promise<Metadata> => {
    const lng = await pageLocale(params);
    const t = await getTranslations({ locale: lng, namespace: 'boContent' });
    return accountPageMetadata(lng, KINDS[kind].base, t(`pages.${KINDS[kind].texts}.title`));
  };
}

/** A content kind's list page: the table, and an "add" action for members who may edit the kind. */
export function contentListPage(kind: ContentKind) {
  return async function ContentListPage({ params }: ListPageProps) {
    const lng = await pageLocale(params);
    const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boContent' })]);
    const spec = KINDS[kind];
    const canEdit = staffMay(me.roles, spec.write);
    return (
      <OfficeMessages lng={lng} namespaces={['boContent']}>
        <OfficeFrame
          title={t(`pages.${spec.texts}.title`)}
          actions={
            canEdit ? (
              <Link className={buttons.primary} href={`${spec.base}/new`}>
                {t(`pages.${spec.texts}.new`)}
              </Link>
            ) : null
          }
        >
          {spec.list({ lng, base: spec.base })}
        </OfficeFrame>
      </OfficeMessages>
    );
  };
}

/** A content kind's item page (`new` for a new one): the editor, read-only for members who may not edit the kind. */
export function contentItemPage(kind: ContentKind) {
  return async function ContentItemPage({ params }: ItemPageProps) {
    const lng = await pageLocale(params);
    const id = itemId((await params).id);
    const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boContent' })]);
    const spec = KINDS[kind];
    const canEdit = staffMay(me.roles, spec.write);
    const title = id === null ? t(`pages.${spec.texts}.new`) : t(`pages.${spec.texts}.edit`, { name: `#${id}` });
    if (id === null && !canEdit) notFound();
    return (
      <OfficeMessages lng={lng} namespaces={['boContent']}>
        <OfficeFrame title={title} breadcrumbs={[{ href: spec.base, label: t(`pages.${spec.texts}.title`) }]}>
          {spec.item({ lng, id, listHref: spec.base, canEdit })}
        </OfficeFrame>
      </OfficeMessages>
    );
  };
}

/** The screens of one page each: the texts, the languages, the announcement. */
const PANELS = {
  texts: {
    path: '/staff/content/texts',
    texts: 'translations',
    write: 'content.translations',
    panel: (lng: Locale, canEdit: boolean) => <TranslationsScreen lng={lng} canEdit={canEdit} />,
  },
  languages: {
    path: '/staff/content/languages',
    texts: 'locales',
    write: 'content.locales',
    // The odds formats' names come from the sportsbook's texts.
    namespaces: ['boContent', 'sports'],
    panel: (lng: Locale, canEdit: boolean) => <LocalesPanel lng={lng} canManage={canEdit} />,
  },
  announcement: {
    path: '/staff/content/announcement',
    texts: 'infoPopups',
    write: 'content.publish',
    panel: (lng: Locale, canEdit: boolean) => <InfoPopupsPanel lng={lng} canPublish={canEdit} />,
  },
} as const satisfies Record<
  string,
  {
    path: string;
    texts: string;
    write: StaffPermission;
    namespaces?: ComponentProps<typeof OfficeMessages>['namespaces'];
    panel: (lng: Locale, canEdit: boolean) => ReactNode;
  }
>;

export type ContentPanel = keyof typeof PANELS;

export function contentPanelMetadata(panel: ContentPanel) {
  return async ({ params }: ListPageProps): Promise<Metadata> => {
    const lng = await pageLocale(params);
    const t = await getTranslations({ locale: lng, namespace: 'boContent' });
    return accountPageMetadata(lng, PANELS[panel].path, t(`pages.${PANELS[panel].texts}.title`));
  };
}

/** The texts, languages or announcement page: the panel, editable when the member's roles allow it. */
export function contentPanelPage(panel: ContentPanel) {
  return async function ContentPanelPage({ params }: ListPageProps) {
    const lng = await pageLocale(params);
    const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boContent' })]);
    const spec: (typeof PANELS)[ContentPanel] = PANELS[panel];
    const canEdit = staffMay(me.roles, spec.write);
    return (
      <OfficeMessages lng={lng} namespaces={'namespaces' in spec ? spec.namespaces : ['boContent']}>
        <OfficeFrame title={t(`pages.${spec.texts}.title`)}>
          {canEdit ? null : <p>{t('list.readOnly')}</p>}
          {spec.panel(lng, canEdit)}
        </OfficeFrame>
      </OfficeMessages>
    );
  };
}

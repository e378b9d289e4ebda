'use client';

import type {
  StaffArticle,
  StaffBonusInfo,
  StaffPageMetadata,
  StaffSlide,
} from '@playhouse/shared/contracts/staff-content';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn, type TablePage } from '@/components/back-office/data-table';
import { TableFilters } from '@/components/back-office/table-filters';
import { useTableQuery } from '@/components/back-office/use-table-query';
import buttons from '@/components/ui/button.module.css';
import { Link } from '@/i18n/navigation';
import { articlesApi, bonusInfosApi, pageMetadataApi, slidesApi } from '@/lib/back-office/content-api';
import { csvExportHref, type TableQuery } from '@/lib/back-office/office-api';

/** Where a list's rows are edited: the list's own address plus the item's id. */
type ListProps = { lng: Locale; base: `/staff/content/${string}` };

/** A localized text in the back office's language, else the default locale's, else empty. */
const textIn = (texts: Partial<Record<string, string>>, lng: Locale) => texts[lng] || texts.en || '';
/** A text cut for a table cell (HTML tags dropped: the cell shows text, the editor the markup). */
const excerpt = (html: string) => {
  const plain = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 80 ? `${plain.slice(0, 79)}…` : plain;
};

function useCommonColumns() {
  const t = useTranslations('boContent');
  const shown = (value: boolean) => (value ? t('list.shown') : t('list.hidden'));
  return { t, shown };
}

function EditLink({ base, id, name }: { base: string; id: number; name: string }) {
  const t = useTranslations('boContent.list');
  return <Link href={`${base}/${id}`}>{t('edit', { name })}</Link>;
}

/** A content list: the search (names and texts in every language) above the server-paged table. */
function SearchableTable<Row extends { id: number }>(props: {
  caption: string;
  columns: DataColumn<Row>[];
  fetchPage: (query: TableQuery) => Promise<TablePage<Row>>;
  cacheKey: string;
  csvPath?: string;
  /** Beside the search: the export link of a list whose filters are the screen's own. */
  extra?: ReactNode;
}) {
  const t = useTranslations('boContent.list');
  return (
    <>
      <TableFilters label={t('search')} search={t('search')} />
      {props.extra}
      <DataTable
        caption={props.caption}
        columns={props.columns}
        fetchPage={props.fetchPage}
        cacheKey={props.cacheKey}
        rowKey={(row) => row.id}
        csvPath={props.csvPath}
      />
    </>
  );
}

/** The last column of every list: the link to the row's editor. */
function editColumn<Row extends { id: number }>(header: string, base: string, name: (row: Row) => string) {
  return {
    id: 'actions',
    header,
    cell: (row: Row) => <EditLink base={base} id={row.id} name={name(row)} />,
  } satisfies DataColumn<Row>;
}

/** Home slides or banners (`kind`): name, text, order, shown; the filter searches names and texts. */
export function SlidesList({ lng, base, kind }: ListProps & { kind: 'home' | 'banner' }) {
  const { t, shown } = useCommonColumns();
  const tt = useTranslations('backOffice.table');
  const { query } = useTableQuery();
  const columns: DataColumn<StaffSlide>[] = [
    { id: 'slug', header: t('columns.slug'), cell: (row) => row.slug, sortable: true },
    { id: 'text', header: t('columns.text'), cell: (row) => excerpt(textIn(row.body, lng)) },
    { id: 'position', header: t('columns.position'), cell: (row) => row.position, sortable: true, numeric: true },
    { id: 'active', header: t('columns.active'), cell: (row) => shown(row.active) },
    editColumn<StaffSlide>(t('columns.actions'), base, (row) => row.slug),
  ];
  return (
    <SearchableTable
      caption={t(kind === 'home' ? 'pages.slides.title' : 'pages.banners.title')}
      columns={columns}
      fetchPage={(page) => slidesApi.list(lng, { ...page, kind })}
      cacheKey={`content-slides-${kind}`}
      extra={
        // The slider is the screen's, not the address's: the export link names it itself.
        <a className={buttons.secondary} href={csvExportHref('/spa/staff/content/slides', { ...query, kind })} download>
          {tt('exportCsv')}
        </a>
      }
    />
  );
}

export function BonusInfosList({ lng, base }: ListProps) {
  const { t, shown } = useCommonColumns();
  const columns: DataColumn<StaffBonusInfo>[] = [
    { id: 'slug', header: t('columns.slug'), cell: (row) => row.slug, sortable: true },
    { id: 'title', header: t('columns.title'), cell: (row) => textIn(row.imageTitle, lng) },
    { id: 'position', header: t('columns.position'), cell: (row) => row.position, sortable: true, numeric: true },
    { id: 'active', header: t('columns.active'), cell: (row) => shown(row.active) },
    editColumn<StaffBonusInfo>(t('columns.actions'), base, (row) => row.slug),
  ];
  return (
    <SearchableTable
      caption={t('pages.bonusInfos.title')}
      columns={columns}
      fetchPage={(query) => bonusInfosApi.list(lng, query)}
      cacheKey="content-bonus-infos"
      csvPath="/spa/staff/content/bonus-infos"
    />
  );
}

export function ArticlesList({ lng, base }: ListProps) {
  const { t, shown } = useCommonColumns();
  const columns: DataColumn<StaffArticle>[] = [
    { id: 'routePath', header: t('columns.routePath'), cell: (row) => row.routePath, sortable: true },
    { id: 'title', header: t('columns.title'), cell: (row) => textIn(row.title, lng) },
    { id: 'slug', header: t('columns.slug'), cell: (row) => row.slug, sortable: true },
    { id: 'isMain', header: t('columns.isMain'), cell: (row) => (row.isMain ? t('list.main') : t('list.notMain')) },
    { id: 'position', header: t('columns.position'), cell: (row) => row.position, sortable: true, numeric: true },
    { id: 'active', header: t('columns.active'), cell: (row) => shown(row.active) },
    editColumn<StaffArticle>(t('columns.actions'), base, (row) => row.slug),
  ];
  return (
    <SearchableTable
      caption={t('pages.articles.title')}
      columns={columns}
      fetchPage={(query) => articlesApi.list(lng, query)}
      cacheKey="content-articles"
      csvPath="/spa/staff/content/articles"
    />
  );
}

export function PageMetadataList({ lng, base }: ListProps) {
  const { t } = useCommonColumns();
  const columns: DataColumn<StaffPageMetadata>[] = [
    { id: 'routePath', header: t('columns.routePath'), cell: (row) => row.routePath, sortable: true },
    { id: 'title', header: t('columns.title'), cell: (row) => textIn(row.title, lng) },
    {
      id: 'robotsIndex',
      header: t('fields.robotsIndex'),
      cell: (row) => (row.robotsIndex ? t('list.indexed') : t('list.notIndexed')),
    },
    editColumn<StaffPageMetadata>(t('columns.actions'), base, (row) => row.routePath),
  ];
  return (
    <SearchableTable
      caption={t('pages.pageMetadata.title')}
      columns={columns}
      fetchPage={(query) => pageMetadataApi.list(lng, query)}
      cacheKey="content-page-metadata"
      csvPath="/spa/staff/content/page-metadata"
    />
  );
}

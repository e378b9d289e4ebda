'use client';

import type { CampaignRow } from '@playhouse/shared/contracts/marketing';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { DataTable, type DataColumn } from '@/components/back-office/data-table';
import { choiceFilter, TableFilters } from '@/components/back-office/table-filters';
import { Link } from '@/i18n/navigation';
import { formatDateTime } from '@/lib/account/money-format';
import { CAMPAIGNS_PATH, fetchCampaigns } from '@/lib/back-office/marketing-api';

const STATUSES = ['pending', 'active', 'paused', 'ended'] as const;
const TRIGGERS = ['registration', 'first_deposit', 'promo_code', 'manual'] as const;

/** /staff/campaigns: every campaign, filtered by status, targeting or a search; a row opens the campaign. */
export function CampaignsTable() {
  const t = useTranslations('boMarketing');
  const locale = useLocale() as Locale;
  const columns: DataColumn<CampaignRow>[] = [
    {
      id: 'name',
      header: t('campaigns.columns.name'),
      cell: (row) => <Link href={`/staff/campaigns/${row.id}`}>{row.name}</Link>,
    },
    { id: 'slug', header: t('campaigns.columns.slug'), cell: (row) => row.slug, sortable: true },
    { id: 'kind', header: t('campaigns.columns.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    { id: 'trigger', header: t('campaigns.columns.trigger'), cell: (row) => t(`triggers.${row.trigger}`) },
    { id: 'status', header: t('campaigns.columns.status'), cell: (row) => t(`statuses.${row.status}`) },
    { id: 'wager', header: t('campaigns.columns.wager'), cell: (row) => `×${row.wager}`, numeric: true },
    { id: 'offers', header: t('campaigns.columns.offers'), cell: (row) => row.offers, numeric: true },
    {
      id: 'updatedAt',
      header: t('campaigns.columns.updated'),
      cell: (row) => formatDateTime(row.updatedAt, locale),
      sortable: true,
    },
  ];
  return (
    <>
      <TableFilters
        label={t('campaigns.filters')}
        search={t('campaigns.search')}
        fields={[
          choiceFilter('status', t('campaigns.columns.status'), STATUSES, (value) => t(`statuses.${value}`)),
          choiceFilter('trigger', t('campaigns.columns.trigger'), TRIGGERS, (value) => t(`triggers.${value}`)),
        ]}
      />
      <DataTable
        caption={t('campaigns.caption')}
        columns={columns}
        fetchPage={(query) => fetchCampaigns(locale, query)}
        cacheKey="campaigns"
        rowKey={(row) => row.id}
        csvPath={CAMPAIGNS_PATH}
        defaultSort={{ sort: 'updatedAt', dir: 'desc' }}
      />
    </>
  );
}

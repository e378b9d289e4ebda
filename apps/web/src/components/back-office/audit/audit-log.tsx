'use client';

import type { AuditEntry } from '@playhouse/shared/contracts/staff';
import type { Locale } from '@playhouse/shared/locales';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { AUDIT_PATH, fetchAuditPage } from '@/lib/back-office/audit-api';
import type { TableQuery } from '@/lib/back-office/office-api';
import { DataTable, type DataColumn } from '../data-table';
import { TableFilters } from '../table-filters';
import styles from './audit-log.module.css';

/** Someone named by id and login ("#12 anna"), or a dash. */
const who = (id: number | null, login: string | null) => (id === null ? '—' : `#${id}${login ? ` ${login}` : ''}`);

/** A change in one line: the details, then what changed from what. */
function change(entry: AuditEntry): string {
  const parts = [
    Object.keys(entry.metadata).length > 0 ? JSON.stringify(entry.metadata) : null,
    entry.before ? `${JSON.stringify(entry.before)} →` : null,
    entry.after ? JSON.stringify(entry.after) : null,
  ];
  return parts.filter(Boolean).join(' ');
}

/** The audit log: filters by staff member, action, account and period, server paging and sorting, CSV export. */
export function AuditLog() {
  const t = useTranslations('backOffice.audit');
  const format = useFormatter();
  const lng = useLocale() as Locale;
  const columns: DataColumn<AuditEntry>[] = [
    {
      id: 'createdAt',
      header: t('time'),
      sortable: true,
      cell: (entry) => format.dateTime(new Date(entry.createdAt), { dateStyle: 'short', timeStyle: 'medium' }),
    },
    { id: 'event', header: t('event'), sortable: true, cell: (entry) => <code>{entry.event}</code> },
    { id: 'actorId', header: t('actor'), sortable: true, cell: (entry) => who(entry.actorId, entry.actorLogin) },
    { id: 'userId', header: t('account'), sortable: true, cell: (entry) => who(entry.userId, entry.userLogin) },
    { id: 'ip', header: t('address'), cell: (entry) => entry.ip ?? '—' },
    { id: 'change', header: t('change'), cell: (entry) => <span className={styles.change}>{change(entry)}</span> },
  ];
  return (
    <>
      <TableFilters
        label={t('filters')}
        fields={[
          { name: 'actor', label: t('actorFilter'), type: 'search' },
          { name: 'event', label: t('eventFilter') },
          { name: 'userId', label: t('accountFilter'), type: 'number' },
          { name: 'from', label: t('from'), type: 'date' },
          { name: 'to', label: t('to'), type: 'date' },
        ]}
      />
      <DataTable
        caption={t('caption')}
        columns={columns}
        fetchPage={(query: TableQuery) => fetchAuditPage(lng, query)}
        cacheKey="audit"
        rowKey={(entry) => entry.id}
        csvPath={AUDIT_PATH}
        defaultSort={{ sort: 'createdAt', dir: 'desc' }}
      />
    </>
  );
}

'use client';

import type { FormField } from '@playhouse/shared/contracts/accounts';
import type { StaffAccount } from '@playhouse/shared/contracts/staff';
import type { Locale } from '@playhouse/shared/locales';
import { STAFF_ROLES, type StaffRole } from '@playhouse/shared/staff/permissions';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import { FormView } from '@/components/ui/form-view';
import { LoadError } from '@/components/ui/load-error';
import { useErrorText } from '@/components/ui/use-error-text';
import { useForm } from '@/components/ui/use-form';
import {
  fetchStaffAccounts,
  fetchStaffInvitations,
  inviteStaff,
  setStaffRoles,
  staffAccountAction,
} from '@/lib/back-office/staff-accounts-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { FourEyesRequests, requestsKey } from '../requests/four-eyes-requests';
import styles from './staff-accounts.module.css';
import { OfficeTable } from '../office-table';
import { officeField } from '@/components/back-office/field-specs';

/** Role checkboxes: at least one must stay ticked. */
function RolePicker({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: StaffRole[];
  onChange: (roles: StaffRole[]) => void;
}) {
  const t = useTranslations('backOffice.roles');
  return (
    <fieldset className={styles.roles}>
      <legend>{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role}>
          <input
            type="checkbox"
            checked={value.includes(role)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, role] : value.filter((held) => held !== role))
            }
          />
          {t(role)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Admins' staff screen: every staff account; the invitation of a new member (they set their own password and second
 * factor from the e-mailed link); each one's roles, block and second factor; and the invitations and role grants
 * waiting for a second admin.
 */
export function StaffAccounts({ canManage, meId }: { canManage: boolean; meId: number }) {
  const t = useTranslations('backOffice.staff');
  const tRoles = useTranslations('backOffice.roles');
  const format = useFormatter();
  const lng = useLocale() as Locale;
  const { data, error, mutate } = useSWR(['back-office', 'staff-accounts'], () => fetchStaffAccounts(lng), SWR_OPTIONS);
  const invitations = useSWR(['back-office', 'staff-invitations'], () => fetchStaffInvitations(lng), SWR_OPTIONS);
  const { mutate: mutateKey } = useSWRConfig();
  const refresh = () => {
    void mutate();
    void invitations.mutate();
    void mutateKey(requestsKey('accounts'));
  };

  return (
    <div className={styles.screen}>
      {canManage ? <InviteStaff lng={lng} onInvited={refresh} /> : null}
      <FourEyesRequests
        lng={lng}
        area="accounts"
        meId={meId}
        canDecide={canManage}
        title={t('requestsTitle')}
        onDecided={refresh}
      />
      {invitations.data && invitations.data.items.length > 0 ? (
        <OfficeTable
          caption={t('invitationsCaption')}
          tableClassName={styles.table}
          head={
            <>
              <th scope="col">{t('email')}</th>
              <th scope="col">{t('rolesColumn')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('expires')}</th>
            </>
          }
        >
          {invitations.data.items.map((invitation) => (
            <tr key={invitation.id}>
              <th scope="row">{invitation.email}</th>
              <td>{invitation.roles.map((role) => tRoles(role)).join(', ')}</td>
              <td>{invitation.status === 'sent' ? t('invitationSent') : t('invitationExpired')}</td>
              <td>{format.dateTime(new Date(invitation.expiresAt), { dateStyle: 'medium', timeStyle: 'short' })}</td>
            </tr>
          ))}
        </OfficeTable>
      ) : null}
      {error ? <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} /> : null}
      <OfficeTable
        caption={t('caption')}
        tableClassName={styles.table}
        busy={!data && !error}
        head={
          <>
            <th scope="col">{t('member')}</th>
            <th scope="col">{t('rolesColumn')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('secondFactor')}</th>
            <th scope="col">{t('created')}</th>
          </>
        }
      >
        {data?.items.map((account) => (
          <tr key={account.id}>
            <th scope="row">
              <span className={styles.name}>{account.username}</span>
              <span className={styles.email}>{account.email}</span>
              {canManage && account.id !== meId ? (
                <ManageStaff lng={lng} account={account} onChanged={refresh} />
              ) : null}
            </th>
            <td>{account.roles.map((role) => tRoles(role)).join(', ')}</td>
            <td>{account.status === 'active' ? t('active') : t('blocked')}</td>
            <td>{account.totpEnabled ? t('totpSet') : t('totpPending')}</td>
            <td>{format.dateTime(new Date(account.createdAt), { dateStyle: 'medium' })}</td>
          </tr>
        ))}
      </OfficeTable>
    </div>
  );
}

function InviteStaff({ lng, onInvited }: { lng: Locale; onInvited: () => void }) {
  const t = useTranslations('backOffice.staff');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const [rolesError, setRolesError] = useState<string | null>(null);
  const fields: FormField[] = [
    officeField('email', t('email'), { maxLength: 254 }, { type: 'email' }),
    officeField(
      'username',
      t('username'),
      { minLength: 3, maxLength: 24, pattern: '^[a-zA-Z0-9_]+$' },
      { required: false },
    ),
  ];
  const form = useForm(fields, {
    onSubmit: async (values) => {
      setSent(null);
      if (roles.length === 0) {
        setRolesError(t('rolesRequired'));
        return;
      }
      setRolesError(null);
      const email = String(values.email);
      const answer = await inviteStaff(lng, {
        email,
        ...(values.username ? { username: String(values.username) } : {}),
        roles,
        locale: lng,
      });
      setSent('invitation' in answer ? t('invitedNote', { email }) : t('invitationAskedNote', { email }));
      setRoles([]);
      form.reset();
      onInvited();
    },
  });
  const headingId = useId();
  return (
    <section className={styles.create} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('inviteTitle')}</h2>
      <p className={styles.hint}>{t('inviteHint')}</p>
      <FormView form={form} submitLabel={t('invite')} busyLabel={t('inviting')}>
        <RolePicker legend={t('rolesLegend')} value={roles} onChange={setRoles} />
        <FormError message={rolesError} />
      </FormView>
      <div role="status">{sent ? <p className={styles.success}>{sent}</p> : null}</div>
    </section>
  );
}

function ManageStaff({ lng, account, onChanged }: { lng: Locale; account: StaffAccount; onChanged: () => void }) {
  const t = useTranslations('backOffice.staff');
  const errorText = useErrorText();
  const [roles, setRoles] = useState<StaffRole[]>(account.roles);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setProblem(null);
    setMessage(null);
    try {
      const said = await work();
      setMessage(done ?? (typeof said === 'string' ? said : null));
      setReason('');
      onChanged();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const needsReason = reason.trim().length < 3;

  return (
    <details className={styles.manage}>
      <summary>{t('manage', { name: account.username })}</summary>
      <div className={styles.manageBody}>
        <RolePicker legend={t('rolesOf', { name: account.username })} value={roles} onChange={setRoles} />
        <button
          type="button"
          className={buttons.secondary}
          disabled={busy || roles.length === 0}
          onClick={() =>
            void run(async () => {
              const answer = await setStaffRoles(lng, account.id, roles);
              return 'request' in answer ? t('rolesAskedNote') : t('rolesSaved');
            })
          }
        >
          {t('saveRoles')}
        </button>
        <label htmlFor={reasonId} className={styles.reason}>
          {t('reason')}
          <input id={reasonId} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </label>
        <div className={styles.actions}>
          <button
            type="button"
            className={buttons.danger}
            disabled={busy || needsReason}
            onClick={() =>
              void run(
                () => staffAccountAction(lng, account.id, account.status === 'active' ? 'block' : 'unblock', reason),
                account.status === 'active' ? t('blockedNote') : t('unblockedNote'),
              )
            }
          >
            {account.status === 'active' ? t('block') : t('unblock')}
          </button>
          <button
            type="button"
            className={buttons.secondary}
            disabled={busy || needsReason || !account.totpEnabled}
            onClick={() =>
              void run(() => staffAccountAction(lng, account.id, 'reset-totp', reason), t('totpResetNote'))
            }
          >
            {t('resetTotp')}
          </button>
        </div>
        <FormError message={problem} />
        <div role="status">{message}</div>
      </div>
    </details>
  );
}

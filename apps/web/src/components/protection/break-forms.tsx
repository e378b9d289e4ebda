'use client';

import {
  CLOSURE_REASONS,
  EXCLUSION_DURATIONS,
  TIMEOUT_DURATIONS,
  type RestrictBody,
  type RestrictionStatus,
} from '@playhouse/shared/contracts/protection';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import formStyles from '@/components/ui/form.module.css';
import { useAction } from '@/components/ui/use-action';
import { formatDateTime } from '@/lib/account/money-format';
import { requestReturn, takeRestriction } from '@/lib/protection/protection-api';
import styles from './protection.module.css';

/** Where the player stands: a break in force (until when), ended (ask to come back) or returning (from when). */
export function RestrictionBanner({
  lng,
  restriction,
  onChange,
}: {
  lng: Locale;
  restriction: RestrictionStatus;
  onChange: (next: RestrictionStatus) => void;
}) {
  const t = useTranslations('protection');
  if (restriction.state === 'active') return null;
  const kind = restriction.kind ?? 'timeout';
  let text: string;
  if (restriction.state === 'returning') {
    text = t('status.returning', { until: formatDateTime(restriction.returnsAt ?? '', lng) });
  } else if (restriction.state === 'ended') {
    text = t('status.ended');
  } else if (restriction.endsAt) {
    text = t('status.restricted', { kind, until: formatDateTime(restriction.endsAt, lng) });
  } else {
    text = t('status.restrictedOpenEnded', { kind });
  }
  const canAsk = restriction.state === 'ended' || (restriction.state === 'restricted' && kind === 'closure');
  return (
    <div className={styles.banner} role="status">
      <p className={styles.line}>{text}</p>
      {canAsk ? (
        <PasswordAction
          label={
            kind === 'closure' && restriction.state === 'restricted' ? t('status.reopen') : t('status.requestReturn')
          }
          run={(password) => requestReturn(lng, password)}
          onDone={onChange}
        />
      ) : null}
    </div>
  );
}

function PasswordAction({
  label,
  run,
  onDone,
}: {
  label: string;
  run: (password: string) => Promise<RestrictionStatus>;
  onDone: (next: RestrictionStatus) => void;
}) {
  const id = useId();
  const form = usePasswordForm(run, onDone);
  return (
    <form className={formStyles.form} noValidate onSubmit={form.submit} aria-label={label}>
      <PasswordField id={id} form={form} />
      <SubmitAndProblem form={form} label={label} />
    </form>
  );
}

/**
 * The password every break asks for, and what taking it does: the answer goes up, the password is forgotten and the
 * form says it is done.
 */
function usePasswordForm(
  send: (password: string) => Promise<RestrictionStatus>,
  onDone: (next: RestrictionStatus) => void,
) {
  const { busy, error: problem, run } = useAction();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      onDone(await send(password));
      setPassword('');
      setDone(true);
    });
  };
  return { busy, problem, password, setPassword, done, submit };
}

type PasswordForm = ReturnType<typeof usePasswordForm>;

function PasswordField({ id, form }: { id: string; form: PasswordForm }) {
  const t = useTranslations('protection');
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {t('breaks.password')}
      </label>
      <input
        id={id}
        type="password"
        className={formStyles.control}
        autoComplete="current-password"
        value={form.password}
        onChange={(event) => form.setPassword(event.target.value)}
      />
    </div>
  );
}

/** The submit button (waiting for a password), the refusal, and what was done once it is. */
function SubmitAndProblem({ form, label, doneText }: { form: PasswordForm; label: string; doneText?: string }) {
  return (
    <>
      <button type="submit" className={formStyles.submit} disabled={form.busy || form.password.length === 0}>
        {label}
      </button>
      {form.problem ? (
        <p className={formStyles.formError} role="alert">
          {form.problem}
        </p>
      ) : null}
      {doneText === undefined ? null : (
        <div role="status">{form.done ? <p className={formStyles.success}>{doneText}</p> : null}</div>
      )}
    </>
  );
}

/** A time-out or a self-exclusion: the period, then the password. */
export function BreakForm({
  lng,
  kind,
  onDone,
}: {
  lng: Locale;
  kind: 'timeout' | 'self_exclusion';
  onDone: (next: RestrictionStatus) => void;
}) {
  const t = useTranslations('protection');
  const id = useId();
  const durations = kind === 'timeout' ? TIMEOUT_DURATIONS : EXCLUSION_DURATIONS;
  const [duration, setDuration] = useState<string>(durations[0]);
  const form = usePasswordForm(
    (password) => takeRestriction(lng, { kind, duration, password } as RestrictBody),
    onDone,
  );
  const title = kind === 'timeout' ? t('breaks.timeout') : t('breaks.exclusion');

  return (
    <form
      className={`${formStyles.form} ${styles.card}`}
      noValidate
      onSubmit={form.submit}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {title}
      </h3>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-duration`} className={formStyles.label}>
          {t('breaks.duration')}
        </label>
        <select
          id={`${id}-duration`}
          className={formStyles.control}
          value={duration}
          onChange={(event) => setDuration(event.target.value)}
        >
          {durations.map((value) => (
            <option key={value} value={value}>
              {t(`breaks.durations.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <PasswordField id={`${id}-password`} form={form} />
      <SubmitAndProblem
        form={form}
        label={kind === 'timeout' ? t('breaks.takeTimeout') : t('breaks.takeExclusion')}
        doneText={t('breaks.taken')}
      />
    </form>
  );
}

/** Account closure: a reason, an optional note, the password. */
export function ClosureForm({ lng, onDone }: { lng: Locale; onDone: (next: RestrictionStatus) => void }) {
  const t = useTranslations('protection');
  const id = useId();
  const [reason, setReason] = useState<(typeof CLOSURE_REASONS)[number]>(CLOSURE_REASONS[0]);
  const [note, setNote] = useState('');
  const form = usePasswordForm(
    (password) =>
      takeRestriction(lng, { kind: 'closure', reason, password, ...(note.trim() ? { note: note.trim() } : {}) }),
    onDone,
  );

  return (
    <form className={formStyles.form} noValidate onSubmit={form.submit} aria-labelledby="closure-title">
      <div className={formStyles.field}>
        <label htmlFor={`${id}-reason`} className={formStyles.label}>
          {t('closure.reason')}
        </label>
        <select
          id={`${id}-reason`}
          className={formStyles.control}
          value={reason}
          onChange={(event) => setReason(event.target.value as (typeof CLOSURE_REASONS)[number])}
        >
          {CLOSURE_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`closure.reasons.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-note`} className={formStyles.label}>
          {t('closure.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className={formStyles.control}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <PasswordField id={`${id}-password`} form={form} />
      <SubmitAndProblem form={form} label={t('closure.close')} doneText={t('closure.closed')} />
    </form>
  );
}

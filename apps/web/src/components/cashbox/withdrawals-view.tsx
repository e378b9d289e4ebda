'use client';

import type { WithdrawalMethod } from '@playhouse/shared/contracts/cashbox';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import formStyles from '@/components/ui/form.module.css';
import { FormError } from '@/components/ui/form-error';
import { LoadError } from '@/components/ui/load-error';
import { SessionGate } from '@/components/account/session-gate';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAction } from '@/components/ui/use-action';
import { useErrorText } from '@/components/ui/use-error-text';
import { useApiFieldProblems } from '@/components/ui/use-form';
import { amountProblem, normalizeAmount } from '@/lib/account/amount';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { ApiError } from '@/lib/api-error';
import {
  CASHBOX_PATH,
  WITHDRAWALS_PATH,
  fetchCashbox,
  fetchWithdrawals,
  requestWithdrawal,
} from '@/lib/cashbox/cashbox-api';
import { useAppSelector } from '@/store/hooks';
import { AmountField } from './amount-field';
import styles from './cashbox.module.css';
import historyStyles from './history.module.css';
import table from '@/components/ui/history-table.module.css';
import { PaymentMethodPicker } from './payment-method-picker';
import { retryKeys } from '@/lib/retry-keys';

/** Withdrawal requests from the main balance (bonus money cannot be withdrawn) and the list of earlier ones. */
export function WithdrawalsView({ lng }: { lng: Locale }) {
  return <SessionGate next="/withdrawals">{() => <Withdrawals lng={lng} />}</SessionGate>;
}

function Withdrawals({ lng }: { lng: Locale }) {
  const t = useTranslations('cashbox');
  const tcommon = useTranslations('common');
  const cashbox = useSWR([CASHBOX_PATH, lng], () => fetchCashbox(lng), SWR_OPTIONS);
  const list = useSWR([WITHDRAWALS_PATH, lng], () => fetchWithdrawals(lng), SWR_OPTIONS);
  const methodNames = Object.fromEntries(
    (cashbox.data?.withdrawalMethods ?? []).map((method) => [method.code, method.name]),
  );

  return (
    <div className={styles.layout}>
      <section aria-labelledby="withdrawal-request" className={styles.card}>
        <h2 id="withdrawal-request">{t('withdrawals.requestTitle')}</h2>
        <p className={styles.hint}>{t('withdrawals.intro')}</p>
        {cashbox.error ? (
          <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void cashbox.mutate()} />
        ) : !cashbox.data ? (
          <p role="status">{tcommon('loading')}</p>
        ) : cashbox.data.withdrawalMethods.length === 0 ? (
          <p>{t('withdrawals.noMethods')}</p>
        ) : (
          <WithdrawalForm
            lng={lng}
            currency={cashbox.data.currency}
            methods={cashbox.data.withdrawalMethods}
            onRequested={() => void list.mutate()}
          />
        )}
      </section>

      {/* Not named: the list's scrolling region below carries the heading's name. */}
      <section className={styles.card}>
        <h2 id="withdrawal-list">{t('withdrawals.listTitle')}</h2>
        {list.error ? (
          <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void list.mutate()} />
        ) : !list.data ? (
          <p role="status">{tcommon('loading')}</p>
        ) : list.data.items.length === 0 ? (
          <p>{t('withdrawals.empty')}</p>
        ) : (
          <div className={table.tableWrap} role="region" aria-labelledby="withdrawal-list" tabIndex={0}>
            <table className={table.table}>
              <thead>
                <tr>
                  <th scope="col">{t('withdrawals.date')}</th>
                  <th scope="col">{t('method')}</th>
                  <th scope="col" className={table.number}>
                    {t('transactions.amount')}
                  </th>
                  <th scope="col">{t('withdrawals.status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((withdrawal) => (
                  <tr key={withdrawal.id}>
                    <td>{formatDateTime(withdrawal.createdAt, lng)}</td>
                    <td>{methodNames[withdrawal.method] ?? withdrawal.method}</td>
                    <td className={table.number}>{formatMoney(withdrawal.amount, withdrawal.currency, lng)}</td>
                    <td>
                      <span className={historyStyles.status} data-status={withdrawal.status}>
                        {t(`withdrawals.statuses.${withdrawal.status}`)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

type WithdrawalFormProps = {
  lng: Locale;
  currency: string;
  methods: WithdrawalMethod[];
  onRequested: () => void;
};

/** A withdrawal's key follows its submission: sent again after a lost answer or a reload, it is requested once. */
const withdrawalKeys = retryKeys('withdrawals');

/** The request form; a withdrawal while a bonus is being wagered asks the player to confirm giving the bonus up. */
export function WithdrawalForm({ lng, currency, methods, onRequested }: WithdrawalFormProps) {
  const t = useTranslations('cashbox');
  const ta = useTranslations('account');
  const tb = useTranslations('withdrawalBonus');
  const siteErrorText = useErrorText();
  const {
    busy,
    error: formError,
    setError: setFormError,
    run,
  } = useAction({
    errorText: (error) =>
      error instanceof ApiError && error.code === 'insufficient_funds'
        ? t('withdrawals.insufficientFunds')
        : siteErrorText(error),
  });
  const apiFieldProblems = useApiFieldProblems();
  const baseId = useId();
  const [methodCode, setMethodCode] = useState(methods[0]?.code ?? '');
  const method = methods.find((candidate) => candidate.code === methodCode) ?? methods[0];
  const [amount, setAmount] = useState('');
  const [details, setDetails] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [requested, setRequested] = useState<string | null>(null);
  /** The api said a bonus is being wagered: the player decides whether to give it up for this withdrawal. */
  const [bonusAtStake, setBonusAtStake] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  // The choice comes first: focus moves to its safe answer once it is drawn.
  useEffect(() => {
    if (bonusAtStake) keepRef.current?.focus();
  }, [bonusAtStake]);
  const balance = useAppSelector((state) => state.balance);
  // The slice shows the bonus balance in the main place when the api flips them; withdrawals come from the real main.
  const available = balance.flipBalances ? balance.bonusBalanceAmount : balance.mainBalanceAmount;
  const money = (value: string) => formatMoney(value, currency, lng);

  if (!method) return null;
  const fieldId = (name: string) => `${baseId}-${name}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(false);
  }

  async function send(forfeitBonus: boolean) {
    if (busy || !method) return;
    setFormError(null);
    setRequested(null);
    setBonusAtStake(false);
    const found: Record<string, string> = {};
    const problem = amountProblem(amount, currency, method);
    if (problem === 'invalid') found.amount = t('invalidAmount');
    if (problem === 'range') found.amount = t('amountRange', { min: money(method.min), max: money(method.max) });
    for (const name of method.detailFields) {
      if (!details[name]?.trim()) found[name] = ta('validation.required');
    }
    setErrors(found);
    const first = ['amount', ...method.detailFields].find((name) => found[name]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const body = {
      method: method.code,
      amount: normalizeAmount(amount),
      details: Object.fromEntries(method.detailFields.map((name) => [name, details[name]!.trim()])),
      ...(forfeitBonus ? { forfeitBonus: true } : {}),
    };
    await run(
      async () => {
        try {
          const withdrawal = await withdrawalKeys.send(JSON.stringify(body), (key) =>
            requestWithdrawal(lng, body, key),
          );
          setRequested(money(withdrawal.amount));
          setAmount('');
          setDetails({});
          onRequested();
        } catch (error) {
          // Not a refusal: the player decides whether to give the bonus up, and sends again.
          if (error instanceof ApiError && error.code === 'withdrawal_forfeits_bonus') setBonusAtStake(true);
          else throw error;
        }
      },
      { onError: (error) => setErrors(apiFieldProblems(error, (name) => name.replace(/^details\./, ''))) },
    );
  }

  const describedBy = (name: string) => (errors[name] ? `${fieldId(name)}-error` : undefined);
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className={formStyles.fieldError}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className={formStyles.form} noValidate onSubmit={submit}>
      <FormError message={formError} />
      {bonusAtStake ? (
        <div
          role="alertdialog"
          aria-labelledby={fieldId('bonus-title')}
          aria-describedby={fieldId('bonus-text')}
          className={formStyles.formError}
        >
          <p id={fieldId('bonus-title')}>
            <strong>{tb('title')}</strong>
          </p>
          <p id={fieldId('bonus-text')}>{tb('text')}</p>
          <div className={styles.confirmActions}>
            <button
              ref={keepRef}
              type="button"
              className={formStyles.secondary}
              disabled={busy}
              onClick={() => setBonusAtStake(false)}
            >
              {tb('keep')}
            </button>
            <button type="button" className={formStyles.submit} disabled={busy} onClick={() => void send(true)}>
              {tb('confirm')}
            </button>
          </div>
        </div>
      ) : null}
      <div role="status">
        {requested ? <p className={formStyles.success}>{t('withdrawals.requested', { amount: requested })}</p> : null}
      </div>
      <PaymentMethodPicker
        lng={lng}
        currency={currency}
        methods={methods}
        value={method.code}
        onChange={setMethodCode}
      />
      <AmountField
        id={fieldId('amount')}
        currency={currency}
        value={amount}
        onChange={setAmount}
        autoComplete="off"
        hint={t('withdrawals.available', { amount: money(available) })}
        error={errors.amount}
      />
      {method.detailFields.map((name) => (
        <div key={name} className={formStyles.field}>
          <label htmlFor={fieldId(name)} className={formStyles.label}>
            {t.has(`withdrawals.details.${name}`) ? t(`withdrawals.details.${name}`) : name}
          </label>
          <input
            id={fieldId(name)}
            className={formStyles.control}
            autoComplete={name === 'accountHolder' ? 'name' : 'off'}
            value={details[name] ?? ''}
            required
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={describedBy(name)}
            onChange={(event) => setDetails((current) => ({ ...current, [name]: event.target.value }))}
          />
          {fieldError(name)}
        </div>
      ))}
      <SubmitButton busy={busy} busyLabel={t('withdrawals.submitting')}>
        {t('withdrawals.submit')}
      </SubmitButton>
    </form>
  );
}

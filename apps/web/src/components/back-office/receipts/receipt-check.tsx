'use client';

import type { ReceiptCheck as Check } from '@playhouse/shared/contracts/receipts';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { ReceiptFacts } from '@/components/receipts/receipt-facts';
import { ReceiptPaste, ReceiptResult } from '@/components/receipts/receipt-parts';
import styles from '@/components/receipts/receipts.module.css';
import { FormError } from '@/components/ui/form-error';
import form from '@/components/ui/form.module.css';
import { useAction } from '@/components/ui/use-action';
import { Link } from '@/i18n/navigation';
import { staffCheckReceipt } from '@/lib/receipts/receipts-api';
import { receiptsIn } from '@/lib/receipts/verify-in-browser';

/** The back office's receipt check: pasted text, checked by the api, which also says whom it issued it to. */
export function ReceiptCheck() {
  const t = useTranslations('receipts');
  const format = useFormatter();
  const { busy, error: problem, setError: setProblem, run } = useAction();
  const id = useId();
  const [value, setValue] = useState('');
  const [checks, setChecks] = useState<Check[] | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecks(null);
    const receipts = value.trim() ? receiptsIn(value) : null;
    if (!receipts) {
      setProblem(value.trim() ? t('verify.notJson') : t('verify.empty'));
      return;
    }
    await run(async () => setChecks(await Promise.all(receipts.map((receipt) => staffCheckReceipt(receipt)))));
  }

  return (
    <div className={styles.verifier}>
      <p>{t('staff.intro')}</p>
      <form className={form.form} noValidate onSubmit={(event) => void submit(event)}>
        <FormError message={problem} />
        <ReceiptPaste id={`${id}-text`} label={t('staff.paste')} value={value} onChange={setValue} />
        <button type="submit" className={form.submit} disabled={busy}>
          {busy ? t('verify.checking') : t('staff.submit')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {checks?.map((check, index) => (
          <ReceiptResult
            key={index}
            headingId={`${id}-${index}`}
            index={index}
            valid={check.valid}
            summary={
              check.valid
                ? t('verify.valid', { issuer: String(check.facts?.issuer ?? ''), keyId: check.keyId ?? '' })
                : t(`verify.reasons.${check.reason ?? 'malformed'}`)
            }
          >
            {check.valid ? (
              <p>
                {check.issued ? (
                  <>
                    {t('staff.issuedTo', {
                      userId: check.issued.userId,
                      date: format.dateTime(new Date(check.issued.at), { dateStyle: 'medium', timeStyle: 'short' }),
                    })}{' '}
                    <Link href={`/staff/players/${check.issued.userId}`}>{t('staff.openPlayer')}</Link>
                  </>
                ) : (
                  t('staff.notIssued')
                )}
              </p>
            ) : null}
            {check.valid && check.facts ? <ReceiptFacts facts={check.facts} /> : null}
          </ReceiptResult>
        ))}
      </div>
    </div>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import form from '@/components/ui/form.module.css';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAction } from '@/components/ui/use-action';
import { fetchReceiptKeys, RECEIPT_KEYS_PATH } from '@/lib/receipts/receipts-api';
import { receiptsIn, verifyInBrowser, type BrowserVerdict } from '@/lib/receipts/verify-in-browser';
import { ReceiptFacts } from './receipt-facts';
import { ReceiptPaste, ReceiptResult } from './receipt-parts';
import styles from './receipts.module.css';

/**
 * The public verify page's form: a receipt file or its pasted text, checked in this browser with WebCrypto's Ed25519
 * against the keys the site publishes. Nothing of the receipt is sent anywhere.
 */
export function ReceiptVerifier() {
  const t = useTranslations('receipts.verify');
  const id = useId();
  const [value, setValue] = useState('');
  // The only thing sent for is the published keys: a failure is that they could not be fetched.
  const { busy, error: problem, setError: setProblem, run } = useAction({ errorText: () => t('keysFailed') });
  const [verdicts, setVerdicts] = useState<{ verdict: BrowserVerdict; issuer: string }[] | null>(null);

  async function open(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setValue(await file.text());
    setVerdicts(null);
    setProblem(null);
  }

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setVerdicts(null);
    if (!value.trim()) {
      setProblem(t('empty'));
      return;
    }
    const receipts = receiptsIn(value);
    if (!receipts) {
      setProblem(t('notJson'));
      return;
    }
    await run(async () => {
      const published = await fetchReceiptKeys();
      const checked = await Promise.all(receipts.map((receipt) => verifyInBrowser(receipt, published.keys)));
      setVerdicts(checked.map((verdict) => ({ verdict, issuer: published.issuer })));
    });
  }

  return (
    <div className={styles.verifier}>
      <form className={form.form} noValidate onSubmit={(event) => void check(event)}>
        <FormError message={problem} />
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-file`}>
            {t('file')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="application/json,.json"
            className={form.control}
            onChange={(event) => void open(event)}
          />
        </div>
        <ReceiptPaste
          id={`${id}-text`}
          label={t('paste')}
          value={value}
          onChange={(text) => {
            setValue(text);
            setVerdicts(null);
          }}
        />
        <SubmitButton busy={busy} busyLabel={t('checking')}>
          {t('submit')}
        </SubmitButton>
      </form>
      <div role="status" aria-live="polite">
        {verdicts?.map(({ verdict, issuer }, index) => (
          <ReceiptResult
            key={index}
            headingId={`${id}-${index}`}
            index={index}
            valid={verdict.valid}
            summary={verdict.valid ? t('valid', { issuer, keyId: verdict.keyId }) : t(`reasons.${verdict.reason}`)}
          >
            {verdict.valid ? <ReceiptFacts facts={verdict.facts} /> : null}
          </ReceiptResult>
        ))}
      </div>
      <p>
        <a href={RECEIPT_KEYS_PATH}>{t('keys')}</a>
      </p>
    </div>
  );
}

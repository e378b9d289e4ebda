'use client';

import type { ReceiptsResponse } from '@playhouse/shared/contracts/receipts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveJsonFile } from '@/lib/receipts/receipts-api';

type ReceiptButtonProps = {
  /** Fetches the receipts (the api issues the missing ones). */
  load: () => Promise<ReceiptsResponse>;
  /** The saved file's name. */
  fileName: string;
  /** What the receipt is of, for screen readers ("Download the signed receipt of this bet"). */
  label: string;
  className?: string;
};

/**
 * Downloads the signed receipts of a bet or a round as one JSON file: the player keeps it, and anyone can check it on
 * the verify page or offline (docs/operations.md).
 */
export function ReceiptButton({ load, fileName, label, className }: ReceiptButtonProps) {
  const t = useTranslations('receipts');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      saveJsonFile(fileName, await load());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span>
      <button type="button" className={className} disabled={busy} onClick={() => void download()}>
        {busy ? t('downloading') : t('download')}
        {/* The visible word, then what it is of: many of these sit on one page. */}
        <span className="visually-hidden"> ({label})</span>
      </button>
      {failed ? <span role="alert">{t('downloadFailed')}</span> : null}
    </span>
  );
}

'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import Image from 'next/image';
import formStyles from '@/components/ui/form.module.css';
import { formatMoney } from '@/lib/account/money-format';
import styles from './cashbox.module.css';

type Method = { code: string; name: string; logo: string; min: string; max: string };

type PaymentMethodPickerProps = {
  lng: Locale;
  currency: string;
  methods: Method[];
  value: string;
  onChange: (code: string) => void;
};

/** The deposit's or withdrawal's payment method: one radio per method, with its logo and amount range. */
export function PaymentMethodPicker({ lng, currency, methods, value, onChange }: PaymentMethodPickerProps) {
  const t = useTranslations('cashbox');
  const money = (amount: string) => formatMoney(amount, currency, lng);
  return (
    <fieldset className={styles.methods}>
      <legend className={formStyles.label}>{t('method')}</legend>
      {methods.map((method) => (
        <label key={method.code} className={styles.method}>
          <input
            type="radio"
            name="method"
            value={method.code}
            checked={method.code === value}
            onChange={() => onChange(method.code)}
          />
          <Image src={method.logo} alt="" width={48} height={32} unoptimized />
          <span>
            <span className={styles.methodName}>{method.name}</span>
            <span className={styles.methodRange}>{t('range', { min: money(method.min), max: money(method.max) })}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

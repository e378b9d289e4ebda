'use client';

import type { FormField } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { FormView } from '@/components/ui/form-view';
import { useForm } from '@/components/ui/use-form';
import { redeemPromoCode } from '@/lib/bonuses/bonuses-api';

/**
 * The promo-code field of the bonus page (the affiliate-promocode form of /spa/forms): a redeemed code's offer joins
 * the offers above, to accept or reject like any other.
 */
export function PromoCodeForm({ fields, onRedeemed }: { fields: FormField[]; onRedeemed: () => void }) {
  const t = useTranslations('bonuses');
  const locale = useLocale() as Locale;
  const form = useForm(fields, {
    onSubmit: async (values) => {
      await redeemPromoCode(locale, String(values.code ?? '').trim());
      form.reset();
      onRedeemed();
    },
  });
  return (
    <>
      <p>{t('promo.intro')}</p>
      <FormView
        form={form}
        submitLabel={t('promo.submit')}
        busyLabel={t('promo.busy')}
        successMessage={t('promo.done')}
      />
    </>
  );
}

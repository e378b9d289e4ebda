import type { Currency, Locale } from '@playhouse/shared';
import type { DbOrTx } from '../client';
import { paymentMethodLimits, paymentMethods, type PaymentDirection, type PaymentMethodKind } from '../schema/cashbox';

interface Bounds {
  min: bigint;
  max: bigint;
  presets?: bigint[];
}

interface SeedMethod {
  code: string;
  kind: PaymentMethodKind;
  name: Record<Locale, string>;
  logo: string;
  position: number;
  bounds: Partial<Record<PaymentDirection, Record<Currency, Bounds>>>;
}

const svgDataUri = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

const CARD_LOGO = svgDataUri(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32"><rect width="48" height="32" rx="4" fill="#5b21b6"/>' +
    '<rect y="7" width="48" height="6" fill="#140c2b"/><rect x="6" y="19" width="14" height="4" rx="1" fill="#fbbf24"/></svg>',
);
const BANK_LOGO = svgDataUri(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32"><rect width="48" height="32" rx="4" fill="#0b0718"/>' +
    '<path d="M24 5 38 12H10z" fill="#fbbf24"/><path d="M13 14h3v10h-3zm7 0h3v10h-3zm5 0h3v10h-3zm7 0h3v10h-3z" ' +
    'fill="#f8f5ff"/><rect x="10" y="25" width="28" height="3" fill="#fbbf24"/></svg>',
);

/** Major units to minor units for the two-decimal currencies the operator accepts. */
const major = (value: number) => BigInt(value) * 100n;
const presets = (...values: number[]) => values.map(major);

const EURO_LIKE: Bounds = { min: major(10), max: major(5000), presets: presets(10, 25, 50, 100, 250) };

/** The sandbox payment provider's methods: cards pay in through the hosted page, bank transfers pay out. */
export const SEED_PAYMENT_METHODS: SeedMethod[] = [
  {
    code: 'sandbox_card',
    kind: 'card',
    name: {
      en: 'Card (sandbox)',
      de: 'Karte (Sandbox)',
      es: 'Tarjeta (sandbox)',
      pt: 'Cartão (sandbox)',
      ru: 'Карта (песочница)',
    },
    logo: CARD_LOGO,
    position: 1,
    bounds: {
      deposit: {
        EUR: EURO_LIKE,
        USD: EURO_LIKE,
        GBP: EURO_LIKE,
        BRL: { min: major(50), max: major(25_000), presets: presets(50, 100, 250, 500, 1000) },
        RUB: { min: major(500), max: major(500_000), presets: presets(500, 1000, 2500, 5000, 10_000) },
      },
    },
  },
  {
    code: 'sandbox_bank',
    kind: 'bank_transfer',
    name: {
      en: 'Bank transfer (sandbox)',
      de: 'Banküberweisung (Sandbox)',
      es: 'Transferencia bancaria (sandbox)',
      pt: 'Transferência bancária (sandbox)',
      ru: 'Банковский перевод (песочница)',
    },
    logo: BANK_LOGO,
    position: 2,
    bounds: {
      withdrawal: {
        EUR: { min: major(20), max: major(10_000) },
        USD: { min: major(20), max: major(10_000) },
        GBP: { min: major(20), max: major(10_000) },
        BRL: { min: major(100), max: major(50_000) },
        RUB: { min: major(1000), max: major(1_000_000) },
      },
    },
  },
];

/**
 * Inserts the sandbox payment methods and their bounds. Existing rows are left alone, so an operator's edits survive
 * a restart and the seed can run on every start-up.
 */
export async function seedPaymentMethods(db: DbOrTx): Promise<void> {
  for (const method of SEED_PAYMENT_METHODS) {
    await db
      .insert(paymentMethods)
      .values({
        code: method.code,
        provider: 'sandbox',
        kind: method.kind,
        name: method.name,
        logo: method.logo,
        position: method.position,
      })
      .onConflictDoNothing();
    const rows = Object.entries(method.bounds).flatMap(([direction, perCurrency]) =>
      Object.entries(perCurrency).map(([currency, bounds]) => ({
        methodCode: method.code,
        currency,
        direction: direction as PaymentDirection,
        minAmount: bounds.min,
        maxAmount: bounds.max,
        presets: bounds.presets ?? [],
      })),
    );
    await db.insert(paymentMethodLimits).values(rows).onConflictDoNothing();
  }
}

import { z } from 'zod';
import type { DbOrTx } from '@playhouse/db';
import {
  COUNTRY_CODES,
  CURRENCY_CODES,
  EARLIEST_BIRTH_DATE,
  LOCALE_TAGS,
  ODD_TYPES,
  latestAdultBirthDate,
  loginBodySchema,
  oddTypeBodySchema,
  passwordChangeBodySchema,
  passwordRecoveryBodySchema,
  passwordResetBodySchema,
  promoCodeRedeemBodySchema,
  registerBodySchema,
  timezoneBodySchema,
  type FormField,
  type FormFieldType,
  type FormId,
} from '@playhouse/shared';
import type { LocaleContext } from '../../lib/localize';
import { loadTexts, type Texts } from '../i18n/texts';

interface FieldSpec {
  name: string;
  type: FormFieldType;
  autocomplete?: string;
}

interface FormSpec {
  /** The body schema the api validates this form's submission with; every field's rule is read from it. */
  body: z.ZodObject;
  fields: FieldSpec[];
}

/** Settings a signed-in player changes one call at a time (PUT /spa/users/timezone, PUT /spa/users/odd-type). */
const userPropertiesSchema = z.object({ ...timezoneBodySchema.shape, ...oddTypeBodySchema.shape });

const FORMS: Record<FormId, FormSpec> = {
  login: {
    body: loginBodySchema,
    fields: [
      { name: 'login', type: 'text', autocomplete: 'username' },
      { name: 'password', type: 'password', autocomplete: 'current-password' },
    ],
  },
  register: {
    body: registerBodySchema,
    fields: [
      { name: 'email', type: 'email', autocomplete: 'email' },
      { name: 'username', type: 'text', autocomplete: 'username' },
      { name: 'password', type: 'password', autocomplete: 'new-password' },
      { name: 'fullName', type: 'text', autocomplete: 'name' },
      { name: 'phone', type: 'tel', autocomplete: 'tel' },
      { name: 'country', type: 'select', autocomplete: 'country' },
      { name: 'currency', type: 'select' },
      { name: 'dateOfBirth', type: 'date', autocomplete: 'bday' },
      { name: 'promoCode', type: 'text', autocomplete: 'off' },
      { name: 'termsAccepted', type: 'checkbox' },
    ],
  },
  'password-recovery': {
    body: passwordRecoveryBodySchema,
    fields: [{ name: 'email', type: 'email', autocomplete: 'email' }],
  },
  'password-reset': {
    body: passwordResetBodySchema,
    fields: [{ name: 'password', type: 'password', autocomplete: 'new-password' }],
  },
  'password-change': {
    body: passwordChangeBodySchema,
    fields: [
      { name: 'currentPassword', type: 'password', autocomplete: 'current-password' },
      { name: 'newPassword', type: 'password', autocomplete: 'new-password' },
    ],
  },
  /** A promo (or affiliate) code a signed-in player redeems: POST /spa/users/promocodes. */
  'affiliate-promocode': {
    body: promoCodeRedeemBodySchema,
    fields: [{ name: 'code', type: 'text', autocomplete: 'off' }],
  },
  'user-properties': {
    body: userPropertiesSchema,
    fields: [
      { name: 'timezone', type: 'select' },
      { name: 'oddType', type: 'select' },
    ],
  },
};

/**
 * Length and pattern limits as JSON Schema states them for the rule. E-mail and date patterns are left to the
 * browser's own input types: the regular expressions zod uses for them are not valid HTML `pattern` attributes.
 */
function constraintsOf(rule: z.ZodType, type: FormFieldType): FormField['constraints'] {
  const json = z.toJSONSchema(rule, { io: 'input', unrepresentable: 'any' }) as {
    minLength?: number;
    maxLength?: number;
    pattern?: string;
  };
  const constraints: FormField['constraints'] = {};
  if (json.minLength !== undefined) constraints.minLength = json.minLength;
  if (json.maxLength !== undefined) constraints.maxLength = json.maxLength;
  if (json.pattern !== undefined && type !== 'email' && type !== 'date') constraints.pattern = json.pattern;
  return constraints;
}

function sortByLabel(options: { value: string; label: string }[], locale: string) {
  const collator = new Intl.Collator(locale);
  return options.sort((a, b) => collator.compare(a.label, b.label));
}

function optionsOf(name: string, texts: Texts, context: LocaleContext): FormField['options'] {
  const tag = LOCALE_TAGS[context.locale];
  switch (name) {
    case 'country': {
      const names = new Intl.DisplayNames(tag, { type: 'region' });
      return sortByLabel(
        COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })),
        tag,
      );
    }
    case 'currency': {
      const names = new Intl.DisplayNames(tag, { type: 'currency' });
      return CURRENCY_CODES.map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
    }
    case 'oddType':
      return ODD_TYPES.map((value) => ({ value, label: texts.get(`oddTypes.${value}`) }));
    case 'timezone':
      return ['UTC', ...Intl.supportedValuesOf('timeZone')].map((zone) => ({
        value: zone,
        label: zone.replaceAll('_', ' '),
      }));
    default:
      return undefined;
  }
}

/**
 * A form as the web renders it: its fields in order, each with the constraints of the very rule the api validates
 * it with, and labels in the request's language (UI messages under `forms.`).
 */
export async function describeForm(db: DbOrTx, id: FormId, context: LocaleContext, now: Date) {
  const spec = FORMS[id];
  const texts = await loadTexts(db, context, 'forms.');
  const fields = spec.fields.map((field): FormField => {
    const rule = spec.body.shape[field.name] as z.ZodType | undefined;
    if (!rule) throw new Error(`Form ${id} names a field its body schema lacks: ${field.name}`);
    const constraints = constraintsOf(rule, field.type);
    if (field.name === 'dateOfBirth') {
      constraints.min = EARLIEST_BIRTH_DATE;
      constraints.max = latestAdultBirthDate(now);
    }
    const placeholderKey = `fields.${field.name}.placeholder`;
    const options = optionsOf(field.name, texts, context);
    return {
      name: field.name,
      type: field.type,
      required: !rule.safeParse(undefined).success,
      label: texts.get(`fields.${field.name}.label`),
      ...(texts.has(placeholderKey) ? { placeholder: texts.get(placeholderKey) } : {}),
      ...(field.autocomplete ? { autocomplete: field.autocomplete } : {}),
      constraints,
      ...(options ? { options } : {}),
    };
  });
  return { id, fields };
}

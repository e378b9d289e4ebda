import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  COUNTRY_CODES,
  CURRENCY_CODES,
  FORM_IDS,
  ODD_TYPES,
  formResponseSchema,
  latestAdultBirthDate,
  registerBodySchema,
  type FormField,
  type FormResponse,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { BROWSER, buildAccountsApp, registration, solvedCaptcha, type AccountsTestApp } from './auth-helpers';

describe('GET /spa/forms/{id}', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await buildAccountsApp();
  });
  afterAll(async () => t.close());

  async function form(id: string, locale = 'en'): Promise<FormResponse['form']> {
    const response = await t.app.inject({ method: 'GET', url: `/spa/forms/${id}`, headers: { 'x-locale': locale } });
    expect(response.statusCode).toBe(200);
    return formResponseSchema.parse(response.json()).form;
  }

  function field(fields: FormField[], name: string): FormField {
    const found = fields.find((candidate) => candidate.name === name);
    expect(found, name).toBeDefined();
    return found!;
  }

  it.each(FORM_IDS)('describes the %s form with labels in English and in German', async (id) => {
    const english = await form(id, 'en');
    const german = await form(id, 'de');
    expect(english.id).toBe(id);
    expect(english.fields.length).toBeGreaterThan(0);
    expect(german.fields.map((f) => f.name)).toEqual(english.fields.map((f) => f.name));
    for (const [index, item] of english.fields.entries()) {
      expect(item.label, item.name).not.toMatch(/^forms\./);
      expect(german.fields[index]!.label, item.name).not.toMatch(/^forms\./);
      expect(german.fields[index]!.label, item.name).not.toBe(item.label);
    }
  });

  it('reports the register rules exactly as the api validates them', async () => {
    const { fields } = await form('register');
    expect(fields.map((f) => f.name)).toEqual([
      'email',
      'username',
      'password',
      'fullName',
      'phone',
      'country',
      'currency',
      'dateOfBirth',
      'promoCode',
      'termsAccepted',
    ]);
    expect(field(fields, 'username')).toMatchObject({
      type: 'text',
      required: true,
      constraints: { minLength: 3, maxLength: 24, pattern: '^[a-zA-Z0-9_]+$' },
    });
    expect(field(fields, 'password')).toMatchObject({
      type: 'password',
      autocomplete: 'new-password',
      constraints: { minLength: 10, maxLength: 128 },
    });
    expect(field(fields, 'email')).toMatchObject({ type: 'email', required: true, constraints: { maxLength: 254 } });
    expect(field(fields, 'phone').type).toBe('tel');
    expect(field(fields, 'fullName')).toMatchObject({
      type: 'text',
      required: true,
      autocomplete: 'name',
      label: 'Full name (as on your ID)',
      constraints: { minLength: 2, maxLength: 100 },
    });
    expect(field(fields, 'promoCode').required).toBe(false);
    expect(field(fields, 'termsAccepted')).toMatchObject({ type: 'checkbox', required: true });
    expect(field(fields, 'dateOfBirth')).toMatchObject({
      type: 'date',
      constraints: { min: '1900-01-01', max: latestAdultBirthDate(new Date()) },
    });
    expect(
      field(fields, 'country')
        .options?.map((o) => o.value)
        .sort(),
    ).toEqual([...COUNTRY_CODES].sort());
    expect(field(fields, 'currency').options?.map((o) => o.value)).toEqual([...CURRENCY_CODES]);

    // Each constraint is the one the body schema enforces: a value just outside it is refused, just inside accepted.
    for (const name of ['username', 'password', 'phone', 'promoCode'] as const) {
      const { constraints } = field(fields, name);
      const rule = registerBodySchema.shape[name] as z.ZodType;
      if (constraints.maxLength !== undefined) {
        expect(rule.safeParse('a'.repeat(constraints.maxLength + 1)).success, name).toBe(false);
      }
      if (constraints.minLength !== undefined && constraints.minLength > 1) {
        expect(rule.safeParse('a'.repeat(constraints.minLength - 1)).success, name).toBe(false);
      }
      if (constraints.pattern !== undefined) {
        const pattern = new RegExp(constraints.pattern);
        for (const sample of ['abc_123', '+49 151 2345678', 'no spaces!', 'PROMO-1']) {
          if (sample.length > (constraints.maxLength ?? Infinity) || sample.length < (constraints.minLength ?? 0)) {
            continue;
          }
          expect(rule.safeParse(sample).success, `${name}: ${sample}`).toBe(pattern.test(sample));
        }
      }
    }
  });

  it('names the countries in the request’s language and sorts them by that name', async () => {
    const german = field((await form('register', 'de')).fields, 'country').options!;
    expect(german.find((o) => o.value === 'DE')?.label).toBe('Deutschland');
    const russian = field((await form('register', 'ru')).fields, 'country').options!;
    expect(russian.find((o) => o.value === 'DE')?.label).toBe('Германия');
    const labels = german.map((o) => o.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('de-DE').compare));
  });

  it('offers the six odds formats and the IANA time zones on the user-properties form', async () => {
    const { fields } = await form('user-properties', 'es');
    expect(field(fields, 'oddType').options?.map((o) => o.value)).toEqual([...ODD_TYPES]);
    expect(field(fields, 'oddType').options?.find((o) => o.value === 'fractional')?.label).toBe('Fraccionaria (1/2)');
    const zones = field(fields, 'timezone').options!.map((o) => o.value);
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Madrid');
  });

  it('describes login with the rules the login call checks', async () => {
    const { fields } = await form('login', 'pt');
    expect(fields.map((f) => [f.name, f.type, f.autocomplete])).toEqual([
      ['login', 'text', 'username'],
      ['password', 'password', 'current-password'],
    ]);
    expect(field(fields, 'login').label).toBe('E-mail ou nome de utilizador');
  });

  it('answers an unknown form with 400 and an unknown language with 400 unknown_locale', async () => {
    const unknownForm = await t.app.inject({ method: 'GET', url: '/spa/forms/affiliate-secret' });
    expectErrorEnvelope(unknownForm, 400, 'validation_failed');
    const unknownLocale = await t.app.inject({ method: 'GET', url: '/spa/forms/login', headers: { 'x-locale': 'xx' } });
    expectErrorEnvelope(unknownLocale, 400, 'unknown_locale');
  });

  it('a registration the form’s constraints allow is accepted by the api', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/users',
      headers: BROWSER,
      payload: { ...registration({ username: 'abc', password: 'x'.repeat(10) }), captcha: await solvedCaptcha(t.app) },
    });
    expect(response.statusCode).toBe(202);
  });
});

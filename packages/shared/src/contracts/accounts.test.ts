import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, FIELD_RULES, isAdult, latestAdultBirthDate, registerBodySchema } from './accounts';

describe('latestAdultBirthDate', () => {
  it('is the same calendar day 18 years earlier', () => {
    expect(latestAdultBirthDate(new Date('2026-11-21T10:00:00Z'))).toBe('2008-11-21');
  });

  it('treats a 29 February birthday as 1 March in a non-leap year', () => {
    expect(isAdult('2004-02-29', new Date('2022-02-28T12:00:00Z'))).toBe(false);
    expect(isAdult('2004-02-29', new Date('2022-03-01T00:00:00Z'))).toBe(true);
  });

  it('on 29 February takes the last day of February 18 years earlier', () => {
    expect(latestAdultBirthDate(new Date('2024-02-29T00:00:00Z'))).toBe('2006-02-28');
  });

  it('refuses someone turning 18 tomorrow and accepts them today', () => {
    const now = new Date('2026-06-15T23:59:59Z');
    expect(isAdult('2008-06-16', now)).toBe(false);
    expect(isAdult('2008-06-15', now)).toBe(true);
  });
});

describe('account field rules', () => {
  it('lists the 249 officially assigned ISO 3166-1 alpha-2 codes', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES).not.toContain('XK');
  });

  it('allows usernames of 3 to 24 letters, digits and underscores only', () => {
    expect(FIELD_RULES.username.safeParse('ab').success).toBe(false);
    expect(FIELD_RULES.username.safeParse('ann_lee_1').success).toBe(true);
    expect(FIELD_RULES.username.safeParse('ann@lee').success).toBe(false);
    expect(FIELD_RULES.username.safeParse('a'.repeat(25)).success).toBe(false);
  });

  it('requires the terms to be accepted in a registration', () => {
    const body = {
      email: 'ann@example.com',
      username: 'ann',
      password: 'correct horse battery',
      phone: '+49 151 23456789',
      country: 'DE',
      currency: 'EUR',
      dateOfBirth: '1990-01-01',
      fullName: 'Ann Lee',
      termsAccepted: false,
      captcha: 'eyJjaGFsbGVuZ2UiOnt9fQ==',
    };
    expect(registerBodySchema.safeParse(body).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...body, termsAccepted: true }).success).toBe(true);
  });
});

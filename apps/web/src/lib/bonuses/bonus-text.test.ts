import type { BonusOffer } from '@playhouse/shared/contracts/bonuses';
import { describe, expect, it } from 'vitest';
import {
  bonusMessageKey,
  bonusTextValues,
  campaignFallbackName,
  capitalizeFirst,
  usesCoinsTemplate,
} from './bonus-text';
import { wageringPercent } from './wagering';

const OFFER: BonusOffer = {
  id: '00000000-0000-4000-8000-000000000002',
  template: 'standard',
  kind: 'free_spins',
  amount: null,
  currency: '€',
  currencyCode: 'EUR',
  wager: 35,
  quantity: 20,
  items: [],
  pickedAmount: null,
  expiresAt: null,
  bonus: {
    slug: 'spins',
    noticeTextKey: 'campaigns.spins.notice',
    nameKey: 'campaigns.spins.name',
    firstFreeSpinGame: { id: 1, slug: 'lucky-slot', title: 'lucky slot', producer: { title: 'playhouse originals' } },
  },
  maxBet: null,
  validDays: 7,
};

describe('bonus texts', () => {
  it('capitalise the first letter of game and provider titles only', () => {
    expect(capitalizeFirst('lucky slot', 'en')).toBe('Lucky slot');
    expect(capitalizeFirst('ёлка', 'ru')).toBe('Ёлка');
    expect(capitalizeFirst('', 'en')).toBe('');
  });

  it('give every placeholder a value', () => {
    expect(bonusTextValues(OFFER, 'en')).toEqual({
      wager: 35,
      amount: '',
      quantity: 20,
      currencyCode: 'EUR',
      gameTitle: 'Lucky slot',
      providerTitle: 'Playhouse originals',
    });
    expect(bonusTextValues({ ...OFFER, amount: '10.00' }, 'de').amount).toMatch(/^10,00\s€$/);
    expect(bonusTextValues({ ...OFFER, amount: null, pickedAmount: '5.00' }, 'en', '25.00').amount).toBe('€25.00');
    expect(bonusTextValues({ ...OFFER, bonus: { ...OFFER.bonus, firstFreeSpinGame: null } }, 'en')).toMatchObject({
      gameTitle: '',
      providerTitle: '',
    });
  });

  it('use the coins template only for a coin offer with coins', () => {
    expect(usesCoinsTemplate({ ...OFFER, template: 'coins', items: ['1.00'] })).toBe(true);
    expect(usesCoinsTemplate({ ...OFFER, template: 'coins', items: [] })).toBe(false);
    expect(usesCoinsTemplate({ ...OFFER, template: 'standard', items: ['1.00'] })).toBe(false);
  });

  it('read message keys with or without the namespace in front', () => {
    expect(bonusMessageKey('bonuses.campaigns.spins.name')).toBe('campaigns.spins.name');
    expect(bonusMessageKey('campaigns.spins.name')).toBe('campaigns.spins.name');
  });
});

describe('wageringPercent', () => {
  it('is the share wagered, rounded down, within 0 to 100', () => {
    expect(wageringPercent('0.00', '300.00')).toBe(0);
    expect(wageringPercent('299.99', '300.00')).toBe(99);
    expect(wageringPercent('300.00', '300.00')).toBe(100);
    expect(wageringPercent('450.00', '300.00')).toBe(100);
    expect(wageringPercent('0.00', '0.00')).toBe(100);
  });
});

describe('campaignFallbackName', () => {
  it('names a campaign without messages by the name staff gave it in the locale, then in English, then its slug', () => {
    const names = { en: 'Spring gift', de: 'Frühlingsgeschenk' };
    expect(campaignFallbackName({ slug: 'spring', names }, 'de')).toBe('Frühlingsgeschenk');
    expect(campaignFallbackName({ slug: 'spring', names }, 'ru')).toBe('Spring gift');
    expect(campaignFallbackName({ slug: 'spring' }, 'en')).toBe('spring');
  });
});

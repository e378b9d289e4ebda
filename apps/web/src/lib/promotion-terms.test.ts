import { createTranslator } from 'next-intl';
import type { PromotionTerms } from '@playhouse/shared/contracts/promotions';
import { LOCALES, type Locale } from '@playhouse/shared/locales';
import { describe, expect, it } from 'vitest';
import { seededMessages } from '@/test/messages';
import { promotionHeadline, promotionTermLines, weekdayList, zoneLabel, type TermsTranslator } from './promotion-terms';

function translator(locale: Locale): TermsTranslator {
  const t = createTranslator({ locale, messages: seededMessages(locale), namespace: 'promotionTerms' });
  return (key, values) => t(key as Parameters<typeof t>[0], values);
}

const BASE: PromotionTerms = {
  slug: 'first-deposit-match',
  kind: 'deposit_match',
  trigger: 'first_deposit',
  currencyCode: 'EUR',
  amount: '200.00',
  percent: 100,
  minDeposit: '10.00',
  freeSpins: null,
  freeSpinStake: null,
  game: null,
  wager: 35,
  maxBet: '10.00',
  validDays: 30,
  offerDays: 7,
  weekdays: [],
  timeZone: 'Europe/Malta',
  payout: 'bonus',
  contributions: { slots: 100, dice: 20, plinko: 20, table: 10, live: 10, other: 0, sports: 100 },
};

describe('promotion terms from the campaign', () => {
  it('renders the welcome match with the engine’s own figures: 35x in 30 days, max bet €10', () => {
    const lines = promotionTermLines(BASE, translator('en'), 'en');
    expect(lines).toEqual([
      '100% of your deposit as bonus money, up to €200.00.',
      'On your first deposit.',
      'Minimum deposit: €10.00.',
      'Wager the bonus 35× within 30 days of accepting it.',
      'While wagering, a single bet may not exceed €10.00.',
      'Counted towards wagering: slots 100%, dice 20%, plinko 20%, table games 10%, shared tables 10% and sports 100%.',
      'The offer waits 7 days for your answer.',
    ]);
    expect(promotionHeadline(BASE, translator('en'), 'en')).toBe('100% up to €200.00');
  });

  it('follows the campaign when its figures change (nothing typed by hand)', () => {
    const edited = { ...BASE, wager: 20, validDays: 14, maxBet: '5.00', amount: '150.00', percent: 50 };
    const lines = promotionTermLines(edited, translator('en'), 'en');
    expect(lines).toContain('Wager the bonus 20× within 14 days of accepting it.');
    expect(lines).toContain('While wagering, a single bet may not exceed €5.00.');
    expect(promotionHeadline(edited, translator('en'), 'en')).toBe('50% up to €150.00');
  });

  it('names the weekend days and the operator’s zone of a weekday reload', () => {
    const reload = { ...BASE, slug: 'weekend-reload', trigger: 'deposit' as const, weekdays: [7, 6] };
    expect(promotionTermLines(reload, translator('en'), 'en')).toContain(
      'On a deposit made on Saturday and Sunday, Malta time; once a week.',
    );
    expect(weekdayList([6, 7], translator('de'), 'de')).toBe('Samstag und Sonntag');
    expect(zoneLabel('America/Sao_Paulo')).toBe('Sao Paulo');
  });

  it('names the spins, their stake and the slot of a free-spins campaign', () => {
    const spins: PromotionTerms = {
      ...BASE,
      slug: 'friday-free-spins',
      kind: 'free_spins',
      trigger: 'deposit',
      weekdays: [5],
      amount: null,
      percent: null,
      freeSpins: 20,
      freeSpinStake: '0.20',
      game: { slug: 'lucky-reels', title: 'Lucky Reels' },
      wager: 20,
      validDays: 3,
    };
    const lines = promotionTermLines(spins, translator('en'), 'en');
    expect(lines[0]).toBe('20 free spins of €0.20 each on Lucky Reels; what they win is bonus money.');
    expect(lines).toContain('Wager the winnings 20× within 3 days of accepting the spins.');
    expect(promotionHeadline(spins, translator('en'), 'en')).toBe('20 free spins on Lucky Reels');
  });

  it('says how a cashback pays: a bonus with its wagering, or cash without any', () => {
    const cashback: PromotionTerms = {
      ...BASE,
      slug: 'weekly-cashback',
      kind: 'cashback',
      trigger: 'net_loss',
      minDeposit: null,
      amount: '100.00',
      percent: 10,
      wager: 5,
      validDays: 7,
    };
    const asBonus = promotionTermLines(cashback, translator('en'), 'en');
    expect(asBonus.slice(0, 3)).toEqual([
      '10% of your net casino losses (stakes minus wins, your own money) from Monday to Sunday, Malta time, up to €100.00.',
      'Paid after the week ends, as a bonus offer on your bonuses page.',
      'Wager the bonus 5× within 7 days of accepting it.',
    ]);
    const asCash = promotionTermLines({ ...cashback, payout: 'cash' }, translator('en'), 'en');
    expect(asCash).toEqual([asBonus[0], 'Paid after the week ends, as cash with no wagering.']);
    expect(promotionHeadline(cashback, translator('en'), 'en')).toBe('10% cashback up to €100.00');
  });

  it('renders every line in every seeded locale (no missing message, every figure in it)', () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      const lines = promotionTermLines(BASE, t, locale);
      expect(lines).toHaveLength(7);
      for (const line of lines) expect(line).not.toMatch(/promotionTerms\./);
      expect(lines.join(' ')).toMatch(/35/);
      expect(lines.join(' ')).toMatch(/30/);
    }
  });
});

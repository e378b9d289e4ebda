// @vitest-environment node
import { campaignTermsSchema } from '@playhouse/shared/contracts/marketing';
import { describe, expect, it } from 'vitest';
import { campaignBody } from './campaign-editor';

describe('campaignBody', () => {
  it('turns the editor values into the api body: empty optional fields null, numbers, per-currency lines', () => {
    const body = campaignBody({
      kind: 'deposit_match',
      trigger: 'first_deposit',
      name_en: ' Reload ',
      name_de: '',
      amount: '200.00',
      matchPercent: '100',
      minDeposit: '10',
      items: '',
      freeSpins: '',
      freeSpinStake: '',
      gameSlug: '',
      wager: '35',
      maxBet: '',
      validDays: '7',
      offerDays: '14',
      sportsMinOdd: '1.50',
      contribution_slots: '100',
      contribution_dice: '',
      GBP_amount: '150.00',
      GBP_maxBet: '',
      USD_minDeposit: '12',
    });
    expect(body).toMatchObject({
      kind: 'deposit_match',
      trigger: 'first_deposit',
      names: { en: 'Reload' },
      amount: '200.00',
      matchPercent: 100,
      minDeposit: '10',
      items: [],
      freeSpins: null,
      maxBet: null,
      wager: 35,
      contributions: { slots: 100 },
      currencyAmounts: { GBP: { amount: '150.00' }, USD: { minDeposit: '12' } },
    });
    // What it builds is what the api accepts.
    expect(campaignTermsSchema.safeParse(body).success).toBe(true);
  });

  it('sends a cashback’s share, payout and zone, and a weekday campaign’s days', () => {
    const cashback = campaignBody({
      kind: 'cashback',
      trigger: 'net_loss',
      name_en: 'Weekly cashback',
      amount: '100.00',
      matchPercent: '10',
      wager: '5',
      validDays: '7',
      offerDays: '7',
      sportsMinOdd: '1.50',
      timeZone: 'Europe/Malta',
      payout: 'cash',
    });
    expect(cashback).toMatchObject({ kind: 'cashback', trigger: 'net_loss', matchPercent: 10, payout: 'cash' });
    expect(campaignTermsSchema.safeParse(cashback).success).toBe(true);
    const reload = campaignBody({ kind: 'deposit_match', trigger: 'deposit', weekdays: ' 6, 7 ', wager: '25' });
    expect(reload).toMatchObject({ weekdays: [6, 7], timeZone: 'Europe/Malta', payout: 'bonus' });
  });

  it('splits coin amounts and keeps an unknown select value from reaching the api', () => {
    const body = campaignBody({ kind: 'nonsense', trigger: 'manual', items: ' 1.00, 2.50 ,,5 ', wager: '1' });
    expect(body.kind).toBe('deposit_match');
    expect(body.items).toEqual(['1.00', '2.50', '5']);
  });
});

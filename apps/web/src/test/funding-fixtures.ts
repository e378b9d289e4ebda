import type { FundingBonus, StakePreview } from '@playhouse/shared/contracts/funding';

/** A running sports bonus as the api names it in a preview (test data). */
export function bonusRules(overrides: Partial<FundingBonus> = {}): FundingBonus {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'welcome-sports',
    nameKey: 'campaigns.welcome-sports.name',
    names: { en: 'Welcome sports bonus' },
    takesPart: true,
    balance: '30.00',
    maxBet: '25.00',
    wagered: '40.00',
    wagerRequired: '300.00',
    contributionPercent: 100,
    minOdd: 1.5,
    counts: '20.00',
    countsWhen: 'settled',
    freeSpins: null,
    expiresAt: null,
    ...overrides,
  };
}

/** One stake's preview (test data): 20.00 taken as 5.00 cash and 15.00 bonus money unless told otherwise. */
export function stakePreview(overrides: Partial<StakePreview> = {}): StakePreview {
  return {
    amount: '20.00',
    currency: 'EUR',
    available: { cash: '5.00', bonus: '30.00' },
    funding: { cash: '5.00', bonus: '15.00', freeSpin: '0.00' },
    refusal: null,
    bonus: bonusRules(),
    ...overrides,
  };
}

import { describe, expect, it } from 'vitest';
import { filterQuery, filtersFrom } from './transactions-view';

describe('transaction filters in the page address', () => {
  it('reads the valid filters and the page', () => {
    const filters = filtersFrom(new URLSearchParams('kind=deposit&account=bonus&from=2025-01-01&to=2025-01-31&page=3'));
    expect(filters).toEqual({ kind: 'deposit', account: 'bonus', from: '2025-01-01', to: '2025-01-31', page: 3 });
  });

  it('drops values the api would refuse and starts on page 1', () => {
    expect(filtersFrom(new URLSearchParams('kind=jackpot&account=savings&from=yesterday&page=-2'))).toEqual({
      kind: undefined,
      account: undefined,
      from: undefined,
      to: undefined,
      page: 1,
    });
    expect(filtersFrom(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only what is set, and leaves page 1 out', () => {
    expect(filterQuery({ kind: 'withdrawal_request', page: 1 })).toEqual({ kind: 'withdrawal_request' });
    expect(filterQuery({ account: 'main', from: '2025-02-01', page: 2 })).toEqual({
      account: 'main',
      from: '2025-02-01',
      page: '2',
    });
  });
});

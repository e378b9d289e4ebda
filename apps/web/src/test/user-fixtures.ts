import type { User } from '@playhouse/shared/contracts/accounts';

/** A signed-in account as /spa/users answers it, for tests: Ada, a player in Germany, with what a test changes. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    login: 'ada@example.com',
    username: 'ada',
    email: 'ada@example.com',
    currency: 'EUR',
    country: 'DE',
    phone: null,
    dateOfBirth: null,
    locale: 'en',
    timezone: null,
    oddType: 'decimal',
    role: 'player',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

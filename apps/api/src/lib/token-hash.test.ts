import { describe, expect, it } from 'vitest';
import { hashToken } from './token-hash';

describe('hashToken', () => {
  it('is the hex SHA-256 of the token (what every token table stores)', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

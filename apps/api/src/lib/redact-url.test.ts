import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('replaces a reset token in the path and every query value, keeping the shape', () => {
    expect(redactUrl('/spa/users/tokens/validation/password/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_xyz')).toBe(
      '/spa/users/tokens/validation/password/[redacted]',
    );
    expect(redactUrl('/spa/games?category=slots&token=s3cr3t&page=2')).toBe(
      '/spa/games?category=[redacted]&token=[redacted]&page=[redacted]',
    );
  });

  it('keeps short, plain segments such as route names and ids', () => {
    expect(redactUrl('/spa/sports/matches/1234/stream')).toBe('/spa/sports/matches/1234/stream');
  });
});

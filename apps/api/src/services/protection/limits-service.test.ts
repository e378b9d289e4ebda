import { describe, expect, it } from 'vitest';
import { parseJurisdictionCountries } from '@playhouse/shared';
import { checkedFileName } from './documents-service';
import { createJurisdictions } from './jurisdictions';
import { fitsAgainAt } from './limits-service';
import { restrictionEnd, restrictionStatus } from './restrictions-service';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2030, 0, 1) + hours * HOUR);

describe('fitsAgainAt', () => {
  it('names the moment enough of a rolling window has aged out for the amount', () => {
    // 24 h window, limit 100: 60 at hour 0 and 30 at hour 5 leave 10; a stake of 50 fits once the 60 ages out.
    const events = [
      { at: at(0), value: 60n },
      { at: at(5), value: 30n },
    ];
    expect(fitsAgainAt(events, 24 * HOUR, 100n, 50n, false)).toEqual(at(24));
    expect(fitsAgainAt(events, 24 * HOUR, 100n, 80n, false)).toEqual(at(29));
    expect(fitsAgainAt(events, 24 * HOUR, 100n, 101n, false)).toBeNull();
  });

  it('for a loss, a win ageing out makes the loss larger, so the moment comes later', () => {
    // Lost 80 at hour 0, won back 50 at hour 1, lost 60 at hour 2: net 90 of a 100 limit.
    const events = [
      { at: at(0), value: 80n },
      { at: at(1), value: -50n },
      { at: at(2), value: 60n },
    ];
    // Once the 80 ages out the net is 10; 50 more fits then.
    expect(fitsAgainAt(events, 24 * HOUR, 100n, 50n, true)).toEqual(at(24));
  });
});

describe('restrictions', () => {
  it('ends time-outs and exclusions after their period; permanent ones never', () => {
    expect(restrictionEnd(at(0), '24h')).toEqual(at(24));
    expect(restrictionEnd(at(0), '1w')).toEqual(at(7 * 24));
    expect(restrictionEnd(at(0), '6w')).toEqual(at(42 * 24));
    expect(restrictionEnd(new Date('2030-01-31T00:00:00Z'), '1m')).toEqual(new Date('2030-03-03T00:00:00Z'));
    expect(restrictionEnd(at(0), '5y')).toEqual(new Date('2035-01-01T00:00:00Z'));
    expect(restrictionEnd(at(0), 'permanent')).toBeNull();
  });

  it('is restricted, then ended (must ask), then returning for 24 hours, then active', () => {
    const row = {
      id: 1,
      userId: 1,
      kind: 'timeout' as const,
      duration: '24h',
      reason: null,
      note: null,
      startsAt: at(0),
      endsAt: at(24),
      returnRequestedAt: null as Date | null,
      returnsAt: null as Date | null,
      createdAt: at(0),
    };
    expect(restrictionStatus([row], at(23)).state).toBe('restricted');
    expect(restrictionStatus([row], at(30)).state).toBe('ended');
    const asked = { ...row, returnRequestedAt: at(30), returnsAt: at(54) };
    expect(restrictionStatus([asked], at(53)).state).toBe('returning');
    expect(restrictionStatus([asked], at(54)).state).toBe('active');
  });
});

describe('jurisdictions', () => {
  it("follows the player's country where one is mapped, else the installation's profile", () => {
    const parsed = parseJurisdictionCountries('gb=uk, MT=mga');
    expect(parsed).toEqual({ countries: { GB: 'uk', MT: 'mga' }, issues: [] });
    const jurisdictions = createJurisdictions({ active: 'default', countries: parsed.countries });
    expect(jurisdictions.forCountry('GB').maxBonusWagering).toBe(10);
    expect(jurisdictions.forCountry('MT').limitsRequiredAtRegistration).toBe(true);
    expect(jurisdictions.forCountry('DE').code).toBe('default');
    expect(jurisdictions.forCountry(null).code).toBe('default');
    expect(parseJurisdictionCountries('GB:uk,XX=nowhere').issues).toHaveLength(2);
  });
});

describe('document file names', () => {
  it('keeps a plain name and refuses paths, parent references and control characters', () => {
    expect(checkedFileName(' passport.jpg ')).toBe('passport.jpg');
    for (const name of ['../passport.jpg', 'a/b.png', 'a\\b.png', 'C:passport.png', '.htaccess', 'x\u0000.png', '']) {
      expect(() => checkedFileName(name), name).toThrow();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { convertOdd, displayOdd, isHotOdd, toThousandths, type OddType } from './odds';

// Known conversions, cross-checked against published odds conversion tables.
const TABLE: [string, Record<OddType, string>][] = [
  [
    '1.10',
    { decimal: '1.10', fractional: '1/10', american: '-1000', hongKong: '0.10', indonesian: '-10.00', malay: '0.10' },
  ],
  [
    '1.25',
    { decimal: '1.25', fractional: '1/4', american: '-400', hongKong: '0.25', indonesian: '-4.00', malay: '0.25' },
  ],
  [
    '1.50',
    { decimal: '1.50', fractional: '1/2', american: '-200', hongKong: '0.50', indonesian: '-2.00', malay: '0.50' },
  ],
  [
    '1.91',
    { decimal: '1.91', fractional: '10/11', american: '-110', hongKong: '0.91', indonesian: '-1.10', malay: '0.91' },
  ],
  [
    '2.00',
    { decimal: '2.00', fractional: '1/1', american: '+100', hongKong: '1.00', indonesian: '1.00', malay: '1.00' },
  ],
  [
    '2.50',
    { decimal: '2.50', fractional: '3/2', american: '+150', hongKong: '1.50', indonesian: '1.50', malay: '-0.67' },
  ],
  [
    '2.33',
    { decimal: '2.33', fractional: '4/3', american: '+133', hongKong: '1.33', indonesian: '1.33', malay: '-0.75' },
  ],
  [
    '3.00',
    { decimal: '3.00', fractional: '2/1', american: '+200', hongKong: '2.00', indonesian: '2.00', malay: '-0.50' },
  ],
  [
    '5.50',
    { decimal: '5.50', fractional: '9/2', american: '+450', hongKong: '4.50', indonesian: '4.50', malay: '-0.22' },
  ],
  [
    '11.00',
    { decimal: '11.00', fractional: '10/1', american: '+1000', hongKong: '10.00', indonesian: '10.00', malay: '-0.10' },
  ],
  [
    '1.875',
    { decimal: '1.875', fractional: '7/8', american: '-114', hongKong: '0.88', indonesian: '-1.14', malay: '0.88' },
  ],
];

describe('convertOdd', () => {
  for (const [decimal, formats] of TABLE) {
    for (const [oddType, expected] of Object.entries(formats)) {
      it(`shows ${decimal} as ${expected} in ${oddType}`, () => {
        expect(convertOdd(decimal, oddType as OddType)).toBe(expected);
      });
    }
  }

  it('accepts numbers as well as strings', () => {
    expect(convertOdd(2.5, 'american')).toBe('+150');
    expect(convertOdd(1.2, 'hongKong')).toBe('0.20');
  });

  it.each(['1.00', '1', '0.5', 0, -2, 'abc', '1.0001'])('rejects %j', (value) => {
    expect(() => convertOdd(value, 'decimal')).toThrow(RangeError);
  });
});

describe('displayOdd', () => {
  it('shows odds of 1 or below as nothing', () => {
    expect(displayOdd('1.00', 'decimal')).toBe('');
    expect(displayOdd(0.9, 'american')).toBe('');
    expect(displayOdd(null, 'decimal')).toBe('');
  });
  it('formats valid odds in the chosen type', () => {
    expect(displayOdd('2.50', 'fractional')).toBe('3/2');
  });
});

describe('isHotOdd', () => {
  it('marks an odd whose text contains a 7', () => {
    expect(isHotOdd('1.75')).toBe(true);
    expect(isHotOdd('+170')).toBe(true);
    expect(isHotOdd('2.50')).toBe(false);
  });
});

describe('toThousandths', () => {
  it('keeps odds exactly', () => {
    expect(toThousandths('2.375')).toBe(2375);
    expect(toThousandths(1.91)).toBe(1910);
    expect(toThousandths('1.9125')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { sportMatchesQuery, sportsListQuery, topOfferWindow } from './top-offer-query';

const now = Date.parse('2030-05-06T07:08:09.123Z');

describe('top-offer queries', () => {
  it('asks for now to now + 3 days, from the start of the minute', () => {
    expect(topOfferWindow(now)).toEqual({
      start_date: '2030-05-06T07:08:00.000Z',
      end_date: '2030-05-09T07:08:00.000Z',
    });
  });

  it('sends each top-level parameter of the sports list as one JSON value', () => {
    const query = sportsListQuery('de', now, 'Europe/Berlin');
    expect(Object.keys(query)).toEqual(['dataFormat', 'language', 'params', 'topOffer']);
    expect(JSON.parse(query.dataFormat!)).toEqual({ sports: 'object', categories: 'object' });
    expect(JSON.parse(query.language!)).toEqual({ default: 'de' });
    expect(JSON.parse(query.params!)).toMatchObject({
      timezone: 'Europe/Berlin',
      delivery_platform: 'Web',
      start_date: '2030-05-06T07:08:00.000Z',
    });
    expect(JSON.parse(query.topOffer!)).toEqual({ matches: true });
  });

  it('adds id_sport and bet_count 3 for one sport, with the lists as arrays', () => {
    const query = sportMatchesQuery('en', now, 'UTC', 4);
    expect(JSON.parse(query.id_sport!)).toBe(4);
    expect(JSON.parse(query.bet_count!)).toBe(3);
    expect(JSON.parse(query.dataFormat!)).toEqual({ sports: 'array', categories: 'array', tournaments: 'array' });
  });
});

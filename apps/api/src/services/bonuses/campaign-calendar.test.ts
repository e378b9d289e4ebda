import { describe, expect, it } from 'vitest';
import { cashbackAmount, isTimeZone, onCampaignDay, previousWeek, weekOf } from './campaign-calendar';

const MALTA = 'Europe/Malta';

describe('campaign days in the operator time zone', () => {
  it('counts Saturday and Sunday in Malta, not in UTC', () => {
    // Friday 23:30 UTC is already Saturday 00:30 in Malta (UTC+1 in winter).
    expect(onCampaignDay(new Date('2026-11-27T23:30:00Z'), [6, 7], MALTA)).toBe(true);
    expect(onCampaignDay(new Date('2026-11-27T22:59:59Z'), [6, 7], MALTA)).toBe(false);
    // Sunday 22:59:59 UTC is the weekend's last second there; 23:00 UTC is Monday.
    expect(onCampaignDay(new Date('2026-11-29T22:59:59Z'), [6, 7], MALTA)).toBe(true);
    expect(onCampaignDay(new Date('2026-11-29T23:00:00Z'), [6, 7], MALTA)).toBe(false);
  });

  it('counts Friday from local midnight to local midnight, summer time included', () => {
    // In July Malta is UTC+2: Friday 3 July 2026 runs from 2 July 22:00 UTC to 3 July 22:00 UTC.
    expect(onCampaignDay(new Date('2026-07-02T21:59:59Z'), [5], MALTA)).toBe(false);
    expect(onCampaignDay(new Date('2026-07-02T22:00:00Z'), [5], MALTA)).toBe(true);
    expect(onCampaignDay(new Date('2026-07-03T21:59:59Z'), [5], MALTA)).toBe(true);
    expect(onCampaignDay(new Date('2026-07-03T22:00:00Z'), [5], MALTA)).toBe(false);
  });

  it('treats an empty list of days as every day', () => {
    expect(onCampaignDay(new Date('2026-11-25T12:00:00Z'), [], MALTA)).toBe(true);
  });

  it('knows real zones only', () => {
    expect(isTimeZone(MALTA)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('campaign weeks', () => {
  it('runs a week from Monday 00:00 to the next Monday 00:00 local time', () => {
    const week = weekOf(new Date('2026-11-28T01:40:00Z'), MALTA);
    expect(week.key).toBe('2026-11-23');
    expect(week.start.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-29T23:00:00.000Z');
  });

  it('puts the instant of local midnight in the new week, the instant before in the old one', () => {
    expect(weekOf(new Date('2026-11-29T23:00:00Z'), MALTA).key).toBe('2026-11-30');
    expect(weekOf(new Date('2026-11-29T22:59:59.999Z'), MALTA).key).toBe('2026-11-23');
  });

  it('keeps a week that holds a clock change at its local bounds (167 hours in spring)', () => {
    // Summer time starts on Sunday 29 March 2026 in the EU.
    const week = weekOf(new Date('2026-03-25T12:00:00Z'), MALTA);
    expect(week.start.toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('pays for the last whole week before now', () => {
    const week = previousWeek(new Date('2026-11-30T08:00:00Z'), MALTA);
    expect(week.key).toBe('2026-11-23');
    expect(previousWeek(new Date('2026-11-29T22:00:00Z'), MALTA).key).toBe('2026-11-16');
  });
});

describe('cashback amount', () => {
  it('pays nothing for a week that broke even or won', () => {
    expect(cashbackAmount(0n, 10, 10_000n)).toBe(0n);
    expect(cashbackAmount(-5_000n, 10, 10_000n)).toBe(0n);
  });

  it('pays the share of the net loss rounded down', () => {
    expect(cashbackAmount(12_345n, 10, 10_000n)).toBe(1_234n);
    expect(cashbackAmount(9n, 10, null)).toBe(0n);
  });

  it('never pays above the cap', () => {
    expect(cashbackAmount(500_000n, 10, 10_000n)).toBe(10_000n);
    expect(cashbackAmount(500_000n, 10, null)).toBe(50_000n);
  });
});

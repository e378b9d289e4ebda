import type { LiveState } from '@playhouse/shared/contracts/sports-live';
import { describe, expect, it } from 'vitest';
import { liveClock } from './live-clock';

const at = 1_700_000_000_000;
const state = (overrides: Partial<LiveState>): LiveState => ({
  at,
  period: 1,
  phase: 'play',
  score: [0, 0],
  periods: [[0, 0]],
  ...overrides,
});

describe('liveClock', () => {
  it("runs football's minutes on from the feed's moment, with added time after 45 and 90", () => {
    const first = state({ clock: { seconds: 20 * 60 + 30, running: true, direction: 'up' } });
    expect(liveClock(first, at)).toEqual({ kind: 'minute', text: "21'" });
    expect(liveClock(first, at + 40_000)).toEqual({ kind: 'minute', text: "22'" });
    const added = state({ clock: { seconds: 46 * 60 + 10, running: true, direction: 'up' } });
    expect(liveClock(added, at)).toEqual({ kind: 'minute', text: "45+2'" });
    const second = state({ period: 2, clock: { seconds: 91 * 60, running: true, direction: 'up' } });
    expect(liveClock(second, at)).toEqual({ kind: 'minute', text: "90+2'" });
  });

  it('counts a period down, and stands still while the clock is stopped', () => {
    const running = state({ clock: { seconds: 8 * 60 + 21, running: true, direction: 'down' } });
    expect(liveClock(running, at + 21_000)).toEqual({ kind: 'clock', text: '08:00' });
    expect(liveClock(running, at + 3_600_000)).toEqual({ kind: 'clock', text: '00:00' });
    const stopped = state({ clock: { seconds: 95, running: false, direction: 'down' } });
    expect(liveClock(stopped, at + 30_000)).toEqual({ kind: 'clock', text: '01:35' });
  });

  it('says break, ended, or nothing for sports without a clock', () => {
    expect(liveClock(state({ phase: 'break' }), at)).toEqual({ kind: 'break' });
    expect(liveClock(state({ phase: 'ended' }), at)).toEqual({ kind: 'ended' });
    expect(liveClock(state({}), at)).toEqual({ kind: 'none' });
  });
});

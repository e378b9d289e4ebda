import type { LiveState } from '@playhouse/shared/contracts/sports-live';

/** What a match in play shows beside its score: its clock as it runs now, a break, the end, or nothing (no clock). */
export type LiveClock =
  | { kind: 'minute'; text: string }
  | { kind: 'clock'; text: string }
  | { kind: 'break' }
  | { kind: 'ended' }
  | { kind: 'none' };

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The clock of `state` at `now` (epoch ms): the feed says where it stood at `state.at` and whether it runs, so the
 * page runs it on between deliveries. Football counts minutes up ("63'", "45+2'"); basketball and ice hockey count
 * the period's time down ("08:21").
 */
export function liveClock(state: LiveState, now: number): LiveClock {
  if (state.phase === 'ended') return { kind: 'ended' };
  if (state.phase === 'break') return { kind: 'break' };
  const clock = state.clock;
  if (!clock) return { kind: 'none' };
  const elapsed = clock.running ? Math.max(0, Math.floor((now - state.at) / 1000)) : 0;
  if (clock.direction === 'down') {
    const left = Math.max(0, clock.seconds - elapsed);
    return { kind: 'clock', text: `${pad(Math.floor(left / 60))}:${pad(left % 60)}` };
  }
  const seconds = clock.seconds + elapsed;
  const minute = Math.floor(seconds / 60) + 1;
  // Football's halves end at 45 and 90 minutes; the time beyond is added time ("45+2'").
  const end = state.period <= 1 ? 45 : state.period === 2 ? 90 : state.period === 3 ? 105 : 120;
  return { kind: 'minute', text: minute > end ? `${end}+${minute - end}'` : `${minute}'` };
}

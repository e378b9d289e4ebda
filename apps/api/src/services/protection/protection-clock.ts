import type { Clock } from '../../lib/clock';

/**
 * The protection rules' clock. In production it is the system clock. With TEST_CLOCK on (refused by the config for a
 * public site), tests move one player's time forward (a 24-hour cooling period, the end of a time-out) without
 * moving anyone else's: the e2e suite runs its specs in parallel against one api.
 */
export interface ProtectionClock {
  now(userId?: number | null): Date;
  /** Moves one player's time forward; throws unless the test clock is enabled. */
  advance(userId: number, ms: number): void;
  readonly testable: boolean;
}

export function createProtectionClock(base: Clock, testable: boolean): ProtectionClock {
  const offsets = new Map<number, number>();
  return {
    testable,
    now(userId) {
      const now = base.now();
      const offset = userId == null ? 0 : (offsets.get(userId) ?? 0);
      return offset === 0 ? now : new Date(now.getTime() + offset);
    },
    advance(userId, ms) {
      if (!testable) throw new Error('the test clock is not enabled');
      offsets.set(userId, (offsets.get(userId) ?? 0) + ms);
    },
  };
}

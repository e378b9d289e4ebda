/*
 * The days and weeks of weekly campaigns, counted in the operator's time zone (the campaign's `timeZone`), not the
 * server's or UTC: "Saturday" is the operator's Saturday, and a week runs from Monday 00:00 to the next Monday 00:00
 * local time (ISO 8601 weeks), daylight saving included.
 */

const DAY_MS = 86_400_000;
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows (the back office refuses any other). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday: 1 Monday ... 7 Sunday. */
  weekday: number;
}

function localParts(at: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 1,
  };
}

/** The zone's offset from UTC at `at`, in milliseconds (positive east of Greenwich). */
function offsetAt(at: Date, timeZone: string): number {
  const local = localParts(at, timeZone);
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the zone's clocks show midnight starting the local day `wallMidnight` (a UTC-based wall time). */
function instantOfLocalMidnight(wallMidnight: number, timeZone: string): Date {
  let guess = wallMidnight - offsetAt(new Date(wallMidnight), timeZone);
  // Twice: the offset at the guess may differ from the one at the wall time around a clock change.
  guess = wallMidnight - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

/** The ISO weekday (1 Monday ... 7 Sunday) `at` falls on in `timeZone`. */
export function localWeekday(at: Date, timeZone: string): number {
  return localParts(at, timeZone).weekday;
}

/** Whether `at` falls on one of `weekdays` in `timeZone` (an empty list: every day). */
export function onCampaignDay(at: Date, weekdays: readonly number[], timeZone: string): boolean {
  return weekdays.length === 0 || weekdays.includes(localWeekday(at, timeZone));
}

export interface CampaignWeek {
  /** Monday 00:00 local time, as an instant. */
  start: Date;
  /** The next Monday 00:00 local time: the week is [start, end). */
  end: Date;
  /** The local date of its Monday, "YYYY-MM-DD": names the week in trigger refs. */
  key: string;
}

/** The local week (Monday to Sunday in `timeZone`) that `at` falls in. */
export function weekOf(at: Date, timeZone: string): CampaignWeek {
  const local = localParts(at, timeZone);
  const mondayWall = Date.UTC(local.year, local.month - 1, local.day) - (local.weekday - 1) * DAY_MS;
  const start = instantOfLocalMidnight(mondayWall, timeZone);
  const end = instantOfLocalMidnight(mondayWall + 7 * DAY_MS, timeZone);
  return { start, end, key: new Date(mondayWall).toISOString().slice(0, 10) };
}

/** The last whole week before the one `now` falls in: the week a cashback pays for. */
export function previousWeek(now: Date, timeZone: string): CampaignWeek {
  const current = weekOf(now, timeZone);
  return weekOf(new Date(current.start.getTime() - 1), timeZone);
}

/**
 * A cashback's amount: `percent` of the net losses (stakes minus wins, minor units), rounded down, never above `cap`
 * (null: no cap). A week that broke even or won pays nothing.
 */
export function cashbackAmount(netLoss: bigint, percent: number, cap: bigint | null): bigint {
  if (netLoss <= 0n || percent <= 0) return 0n;
  const share = (netLoss * BigInt(Math.trunc(percent))) / 100n;
  return cap !== null && share > cap ? cap : share;
}

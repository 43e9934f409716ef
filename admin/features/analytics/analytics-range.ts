/** A range of UTC days, both ends included, as the analytics routes take it (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The last `days` UTC days up to today: the server counts days in UTC, so "today" is UTC's too. */
export function lastDays(days: number, now = Date.now()): DayRange {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

export function rangeQuery({ from, to }: DayRange, format?: 'csv'): string {
  return new URLSearchParams({ from, to, ...(format ? { format } : {}) }).toString();
}

/**
 * Every day of the range with its numbers: the server answers only days that had visits, the chart needs the
 * quiet days as zeros so its line does not jump over them.
 */
export function everyDay<T extends { date: string }>(range: DayRange, days: T[], zero: Omit<T, 'date'>): T[] {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const filled: T[] = [];
  for (let ms = Date.parse(range.from); ms <= Date.parse(range.to); ms += DAY_MS) {
    const date = isoDay(ms);
    filled.push(byDate.get(date) ?? ({ ...zero, date } as T));
  }
  return filled;
}

/** Leads or showings per 100 views, one decimal; none without views. */
export function per100Views(count: number, views: number): string {
  return views === 0 ? '–' : (Math.round((count * 1000) / views) / 10).toLocaleString('en');
}

/** A duration in seconds as people read it: "45 s", "3 min 20 s". */
export function readableSeconds(seconds: number): string {
  const rounded = Math.round(seconds);
  if (rounded < 60) return `${rounded} s`;
  const rest = rounded % 60;
  return rest === 0 ? `${Math.floor(rounded / 60)} min` : `${Math.floor(rounded / 60)} min ${rest} s`;
}

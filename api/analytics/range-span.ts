const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A range of UTC days split into the whole calendar months within it and the days before and after them. */
export interface RangeSpan {
  /** Ranges of days (YYYY-MM-DD, both ends included) outside the whole months. */
  days: Array<[string, string]>;
  /** The first and last whole month (YYYY-MM), when the range holds one. */
  months?: [string, string];
}

/** Splits `from`..`to` (days, both included) so long ranges are read from monthly rows and only their edges from daily ones. */
export function rangeSpan(from: string, to: string): RangeSpan {
  const start = new Date(`${from}T00:00:00Z`);
  const afterEnd = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const firstWhole = start.getUTCDate() === 1 ? start.getTime() : Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  const afterWhole = afterEnd.getUTCDate() === 1 ? afterEnd.getTime() : Date.UTC(afterEnd.getUTCFullYear(), afterEnd.getUTCMonth(), 1);
  if (firstWhole >= afterWhole) return { days: [[from, to]] };
  const days: Array<[string, string]> = [];
  if (start.getTime() < firstWhole) days.push([from, isoDay(firstWhole - DAY_MS)]);
  if (afterWhole < afterEnd.getTime()) days.push([isoDay(afterWhole), to]);
  return { days, months: [isoDay(firstWhole).slice(0, 7), isoDay(afterWhole - DAY_MS).slice(0, 7)] };
}

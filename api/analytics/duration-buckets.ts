/**
 * Lower bounds, in seconds, of the fixed buckets durations are counted in: fine where most visits and scene stays
 * end, coarse beyond. Medians are read from these counts, so the daily rows never hold single durations.
 */
export const DURATION_BUCKET_SECONDS = [0, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 300, 420, 600, 900, 1200, 1800, 2700, 3600] as const;

/** The bucket a duration of `ms` milliseconds falls in. */
export function durationBucket(ms: number): number {
  const seconds = ms / 1000;
  let bucket = 0;
  while (bucket + 1 < DURATION_BUCKET_SECONDS.length && DURATION_BUCKET_SECONDS[bucket + 1] <= seconds) bucket += 1;
  return bucket;
}

/**
 * The median in whole seconds of durations counted per bucket, interpolated within the bucket it falls in (the last
 * bucket, open-ended, gives its lower bound); 0 without any.
 */
export function medianSeconds(counts: ReadonlyMap<number, number>): number {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return 0;
  const half = total / 2;
  let before = 0;
  for (let bucket = 0; bucket < DURATION_BUCKET_SECONDS.length; bucket += 1) {
    const n = counts.get(bucket) ?? 0;
    if (n > 0 && before + n >= half) {
      const lower = DURATION_BUCKET_SECONDS[bucket];
      const upper = DURATION_BUCKET_SECONDS[bucket + 1] ?? lower;
      return Math.round(lower + ((upper - lower) * (half - before)) / n);
    }
    before += n;
  }
  return DURATION_BUCKET_SECONDS.at(-1)!;
}

import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';
import { rangeQuery, type DayRange } from './analytics-range';

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; data: T };

/** Shown for a 404: the tour is gone, or the caller is neither its owner nor an admin of its team. */
export const NOT_YOURS = 'No analytics here: only the tour’s owner and its team’s admins see them.';

/** `GET /api{path}?from=&to=` for the range, again whenever it changes; an answer for an earlier range is dropped. */
export function useAnalytics<T>(path: string, range: DayRange): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T> & { key: string }>({ state: 'loading', key: '' });
  const key = `${path}?${rangeQuery(range)}`;
  useEffect(() => {
    let current = true;
    api<T>('GET', key).then(
      (data) => current && setLoaded({ state: 'loaded', data, key }),
      (err: unknown) => {
        if (!current) return;
        const message = !(err instanceof RequestFailed) ? 'The analytics could not be loaded.' : err.status === 404 ? NOT_YOURS : err.message;
        setLoaded({ state: 'failed', message, key });
      },
    );
    return () => void (current = false);
  }, [key]);
  // Until the answer for this range arrives, the numbers shown would be another range's.
  return loaded.key === key ? loaded : { state: 'loading' };
}

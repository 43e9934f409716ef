import { describe, expect, it } from 'vitest';
import { everyDay, lastDays, per100Views, rangeQuery, readableSeconds } from '../../../../../admin/features/analytics/analytics-range';

describe('analytics ranges and figures', () => {
  it('takes the last days in UTC, today included, whatever the hour', () => {
    expect(lastDays(7, Date.parse('2026-03-01T23:59:59Z'))).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(lastDays(1, Date.parse('2026-03-02T00:00:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(rangeQuery({ from: '2026-02-23', to: '2026-03-01' }, 'csv')).toBe('from=2026-02-23&to=2026-03-01&format=csv');
  });

  it('fills the quiet days of a range with zeros, across a month end', () => {
    const days = everyDay({ from: '2026-02-27', to: '2026-03-02' }, [{ date: '2026-03-01', views: 4, visitors: 2 }], { views: 0, visitors: 0 });
    expect(days).toEqual([
      { date: '2026-02-27', views: 0, visitors: 0 },
      { date: '2026-02-28', views: 0, visitors: 0 },
      { date: '2026-03-01', views: 4, visitors: 2 },
      { date: '2026-03-02', views: 0, visitors: 0 },
    ]);
  });

  it('says conversions per 100 views and durations as people read them', () => {
    expect(per100Views(1, 3)).toBe('33.3');
    expect(per100Views(0, 0)).toBe('–');
    expect(per100Views(5, 5)).toBe('100');
    expect(readableSeconds(44.6)).toBe('45 s');
    expect(readableSeconds(120)).toBe('2 min');
    expect(readableSeconds(200)).toBe('3 min 20 s');
  });
});

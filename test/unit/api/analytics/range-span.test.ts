import { describe, expect, it } from 'vitest';
import { rangeSpan } from '../../../../api/analytics/range-span';

describe('rangeSpan', () => {
  it('reads whole months from monthly rows and only the edges from daily ones', () => {
    expect(rangeSpan('2025-11-28', '2026-11-27')).toEqual({
      days: [
        ['2025-11-28', '2025-11-30'],
        ['2026-11-01', '2026-11-27'],
      ],
      months: ['2025-12', '2026-10'],
    });
  });

  it('takes months that start or end the range whole, February of a leap year included', () => {
    expect(rangeSpan('2028-02-01', '2028-02-29')).toEqual({ days: [], months: ['2028-02', '2028-02'] });
    expect(rangeSpan('2027-02-01', '2027-03-03')).toEqual({ days: [['2027-03-01', '2027-03-03']], months: ['2027-02', '2027-02'] });
    expect(rangeSpan('2026-12-15', '2027-01-31')).toEqual({ days: [['2026-12-15', '2026-12-31']], months: ['2027-01', '2027-01'] });
  });

  it('keeps ranges without a whole month as days', () => {
    expect(rangeSpan('2026-03-01', '2026-03-30')).toEqual({ days: [['2026-03-01', '2026-03-30']] });
    expect(rangeSpan('2026-03-02', '2026-04-30')).toEqual({ days: [['2026-03-02', '2026-03-31']], months: ['2026-04', '2026-04'] });
    expect(rangeSpan('2026-03-15', '2026-04-14')).toEqual({ days: [['2026-03-15', '2026-04-14']] });
    expect(rangeSpan('2026-03-05', '2026-03-05')).toEqual({ days: [['2026-03-05', '2026-03-05']] });
  });
});

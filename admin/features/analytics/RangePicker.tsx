import { useState, type FormEvent } from 'react';
import { lastDays, type DayRange } from './analytics-range';

export const PRESET_DAYS = [7, 30, 90] as const;
export type RangeChoice = { days: (typeof PRESET_DAYS)[number]; range: DayRange } | { days: 'custom'; range: DayRange };

export const defaultRange = (): RangeChoice => ({ days: 30, range: lastDays(30) });

/** The last 7, 30 or 90 days, or the owner's own from–to (applied together, so half a range is never asked). */
export function RangePicker({ choice, onChoice }: { choice: RangeChoice; onChoice: (choice: RangeChoice) => void }) {
  const [custom, setCustom] = useState(choice.range);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (custom.from && custom.to && custom.from <= custom.to) onChoice({ days: 'custom', range: custom });
  }

  return (
    <div className="ad-analytics__range">
      <div role="group" aria-label="Days shown" className="ad-analytics__presets">
        {PRESET_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            className="ad-button ad-button--plain"
            aria-pressed={choice.days === days}
            onClick={() => {
              // The fields show the days a preset covers, a start for the owner's own range.
              const range = lastDays(days);
              setCustom(range);
              onChoice({ days, range });
            }}
          >
            {days} days
          </button>
        ))}
      </div>
      <form className="ad-analytics__custom" onSubmit={apply} aria-label="Custom range">
        <label className="ad-field">
          <span>From</span>
          <input type="date" value={custom.from} max={custom.to} required onChange={(event) => setCustom({ ...custom, from: event.target.value })} />
        </label>
        <label className="ad-field">
          <span>To</span>
          <input type="date" value={custom.to} min={custom.from} required onChange={(event) => setCustom({ ...custom, to: event.target.value })} />
        </label>
        <button type="submit" className="ad-button ad-button--plain" aria-pressed={choice.days === 'custom'}>
          Show these days
        </button>
      </form>
    </div>
  );
}

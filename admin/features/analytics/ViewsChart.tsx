import { useEffect, useRef, useState } from 'react';
import type { TourAnalytics } from '../../../api/schema/analytics';
import { everyDay, type DayRange } from './analytics-range';

/** Views and daily visitors per day, drawn by uPlot once its chunk has loaded; it follows its box's width. */
export function ViewsChart({ range, days }: { range: DayRange; days: TourAnalytics['days'] }) {
  const views = days.reduce((total, day) => total + day.views, 0);
  const visitors = days.reduce((total, day) => total + day.visitors, 0);
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = box.current!;
    const filled = everyDay(range, days, { views: 0, visitors: 0 });
    const data = {
      times: filled.map((day) => Date.parse(day.date) / 1000),
      views: filled.map((day) => day.views),
      visitors: filled.map((day) => day.visitors),
    };
    let gone = false;
    let cleanUp = () => {};
    import('./draw-views-chart').then(
      ({ drawViewsChart }) => {
        if (gone) return;
        const chart = drawViewsChart(target, data, target.clientWidth);
        const observer = new ResizeObserver(() => chart.resize(target.clientWidth));
        observer.observe(target);
        cleanUp = () => (observer.disconnect(), chart.destroy());
      },
      () => !gone && setFailed(true),
    );
    return () => ((gone = true), cleanUp());
  }, [range, days]);

  return (
    <figure className="ad-analytics__chart">
      <figcaption>Views and daily visitors per day</figcaption>
      {failed && <p role="alert">The chart could not be loaded. Reload the page to try again.</p>}
      {/* The canvas says nothing to a screen reader: the totals beside it carry the same numbers. */}
      <div ref={box} data-chart="views" role="img" aria-label={`${views} views and ${visitors} daily visitors from ${range.from} to ${range.to}`} />
    </figure>
  );
}

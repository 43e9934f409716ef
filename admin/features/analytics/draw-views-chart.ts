// Loaded on demand (a lazy chunk): uPlot stays out of the admin's first script.
import uPlot from 'uplot';

/** uPlot's own stylesheet, a file the build copies beside the admin (the page's CSP applies no <style> elements). */
const STYLESHEET = '/admin/uplot.css';

function linkStylesheet(): void {
  if (document.querySelector(`link[href="${STYLESHEET}"]`)) return;
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: STYLESHEET }));
}

export interface ChartDays {
  /** Midnight UTC of each day, in seconds (uPlot's time scale). */
  times: number[];
  views: number[];
  visitors: number[];
}

export interface DrawnChart {
  resize(width: number): void;
  destroy(): void;
}

const HEIGHT = 240;

/** Views and daily visitors per day as two lines, drawn into `target` at `width` CSS pixels. */
export function drawViewsChart(target: HTMLElement, days: ChartDays, width: number): DrawnChart {
  linkStylesheet();
  const chart = new uPlot(
    {
      width,
      height: HEIGHT,
      // Days are UTC days: labels must not shift to the owner's time zone.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_self, _min, max) => [0, Math.max(max, 4)] } },
      axes: [{}, { values: (_self, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) }],
      series: [
        { label: 'Day', value: '{YYYY}-{MM}-{DD}' },
        { label: 'Views', stroke: '#1ca59b', width: 2, fill: 'rgba(28, 165, 155, 0.12)' },
        { label: 'Daily visitors', stroke: '#3867d6', width: 2 },
      ],
    },
    [days.times, days.views, days.visitors],
    target,
  );
  return { resize: (next) => chart.setSize({ width: next, height: HEIGHT }), destroy: () => chart.destroy() };
}

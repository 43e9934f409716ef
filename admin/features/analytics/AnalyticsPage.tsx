import { useState } from 'react';
import type { AnalyticsOverview } from '../../../api/schema/analytics';
import { Header } from '../../components/Header';
import { downloadFile } from '../../lib/download';
import { navigate } from '../../lib/router';
import { per100Views, rangeQuery } from './analytics-range';
import { defaultRange, RangePicker } from './RangePicker';
import { useAnalytics } from './use-analytics';
import { ViewsChart } from './ViewsChart';

/** The editor opens on its Analytics tab from this address. */
export const analyticsTabPath = (shortId: string) => `/tours/${encodeURIComponent(shortId)}/edit#analytics`;

/**
 * Views, daily visitors and leads of every tour the owner owns or administers, over a range, with their views and
 * visitors per day together in a chart; each tour opens its own numbers.
 */
export function AnalyticsPage() {
  const [choice, setChoice] = useState(defaultRange);
  const { range } = choice;
  const loaded = useAnalytics<AnalyticsOverview>('/analytics', range);
  const items = loaded.state === 'loaded' ? loaded.data.items : [];
  const sum = (key: 'views' | 'visitors' | 'leads') => items.reduce((total, item) => total + item[key], 0);

  return (
    <>
      <Header />
      <main className="ad-main ad-analytics">
        <div className="ad-toolbar">
          <h1>Analytics</h1>
          <button
            type="button"
            className="ad-button ad-button--plain"
            onClick={() => void downloadFile(`/analytics?${rangeQuery(range, 'csv')}`, `analytics-${range.from}-${range.to}.csv`)}
          >
            Download (CSV)
          </button>
        </div>
        <RangePicker choice={choice} onChoice={setChoice} />
        {loaded.state === 'loading' && <p role="status">Loading analytics…</p>}
        {loaded.state === 'failed' && (
          <p className="ad-error" role="alert">
            {loaded.message}
          </p>
        )}
        {loaded.state === 'loaded' && items.length === 0 && <p className="ad-analytics__empty">No tours yet: their visits show here once you share them.</p>}
        {loaded.state === 'loaded' && items.length > 0 && <ViewsChart range={loaded.data} days={loaded.data.days} />}
        {items.length > 0 && (
          <div className="ad-analytics__table-box">
            <table className="ad-analytics__table">
              <caption>
                Your tours from {range.from} to {range.to}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Tour</th>
                  <th scope="col">Views</th>
                  <th scope="col">Daily visitors</th>
                  <th scope="col">Leads</th>
                  <th scope="col">Leads per 100 views</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.shortId} data-short-id={item.shortId}>
                    <th scope="row">
                      <a href={analyticsTabPath(item.shortId)} onClick={(event) => (event.preventDefault(), navigate(analyticsTabPath(item.shortId)))}>
                        {item.title || 'Untitled tour'}
                      </a>
                    </th>
                    <td>{item.views}</td>
                    <td>{item.visitors}</td>
                    <td>{item.leads}</td>
                    <td>{per100Views(item.leads, item.views)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All tours</th>
                  <td>{sum('views')}</td>
                  <td>{sum('visitors')}</td>
                  <td>{sum('leads')}</td>
                  <td>{per100Views(sum('leads'), sum('views'))}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </main>
    </>
  );
}

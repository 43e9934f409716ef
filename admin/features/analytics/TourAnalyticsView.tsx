import { useState } from 'react';
import type { TourAnalytics } from '../../../api/schema/analytics';
import type { Tour } from '../../../api/schema/tour';
import { countOf } from '../../lib/count-of';
import { downloadFile } from '../../lib/download';
import { per100Views, rangeQuery, readableSeconds } from './analytics-range';
import { defaultRange, RangePicker } from './RangePicker';
import { useAnalytics } from './use-analytics';
import { ViewsChart } from './ViewsChart';
import { ModernPicture } from '../../components/ModernPicture';

/** Hosts the server files visits under without a host of their own. */
const HOST_NAMES: Record<string, string> = { unknown: 'Direct or unknown', other: 'Other sites' };

const share = (n: number, total: number) => (total === 0 ? '0 %' : `${Math.round((n * 100) / total)} %`);

/** One tour's visits over a range the owner picks: totals, the chart, scenes, embedding hosts, devices, and CSV. */
export function TourAnalyticsView({ shortId, images }: { shortId: string; images: Tour['images'] }) {
  const [choice, setChoice] = useState(defaultRange);
  const { range } = choice;
  const loaded = useAnalytics<TourAnalytics>(`/tours/${encodeURIComponent(shortId)}/analytics`, range);
  const download = (table: '' | 'clicks') =>
    void downloadFile(
      `/tours/${encodeURIComponent(shortId)}/analytics?${rangeQuery(range, 'csv')}${table && `&table=${table}`}`,
      `analytics-${shortId}-${range.from}-${range.to}${table && `-${table}`}.csv`,
    );

  return (
    <section aria-label="Analytics" className="ad-analytics">
      <div className="ad-toolbar">
        <RangePicker choice={choice} onChoice={setChoice} />
        <button type="button" className="ad-button ad-button--plain" onClick={() => download('')}>
          Download (CSV)
        </button>
        <button type="button" className="ad-button ad-button--plain" onClick={() => download('clicks')}>
          Download clicks (CSV)
        </button>
      </div>
      {loaded.state === 'loading' && <p role="status">Loading analytics…</p>}
      {loaded.state === 'failed' && (
        <p className="ad-error" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.state === 'loaded' && <TourNumbers analytics={loaded.data} images={images} />}
    </section>
  );
}

function TourNumbers({ analytics, images }: { analytics: TourAnalytics; images: Tour['images'] }) {
  const scenes = new Map(images.map((image) => [image.id, image]));
  const { totals, devices } = analytics;
  if (totals.views === 0)
    return (
      <p className="ad-analytics__empty">
        No views from {analytics.from} to {analytics.to}. Share the tour: its visits show here a few seconds after they happen.
      </p>
    );
  const deviceViews = devices.phone + devices.tablet + devices.desktop;
  return (
    <>
      <dl className="ad-analytics__totals">
        <div>
          <dt>Views</dt>
          <dd>{totals.views.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Daily visitors</dt>
          <dd>{totals.visitors.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Time in tour (median)</dt>
          <dd>{readableSeconds(totals.medianSeconds)}</dd>
        </div>
        <div>
          <dt>Leads per 100 views</dt>
          <dd>
            {per100Views(totals.leads, totals.views)} <small>({countOf(totals.leads, 'lead')})</small>
          </dd>
        </div>
        <div>
          <dt>Showings per 100 views</dt>
          <dd>
            {per100Views(totals.showings, totals.views)} <small>({countOf(totals.showings, 'showing request')})</small>
          </dd>
        </div>
      </dl>
      <ViewsChart range={analytics} days={analytics.days} />
      <div className="ad-analytics__lists">
        <section aria-label="Scenes">
          <h2>Scenes</h2>
          {analytics.scenes.length === 0 ? (
            <p>No scene was entered in these days.</p>
          ) : (
            <ol className="ad-analytics__scenes">
              {analytics.scenes.map((scene) => (
                <li key={scene.sceneId} data-scene-id={scene.sceneId}>
                  {scenes.get(scene.sceneId)?.thumbUrl ? (
                    <ModernPicture scene={scenes.get(scene.sceneId)!} picture="thumbUrl" />
                  ) : (
                    <span className="ad-analytics__no-thumb" />
                  )}
                  <span className="ad-analytics__name">{scene.title || 'Untitled scene'}</span>
                  <span>
                    {countOf(scene.views, 'view')} · {readableSeconds(scene.medianSeconds)} median
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <SpotOpens hotspots={analytics.hotspots} images={images} />
        <section aria-label="Where it is embedded">
          <h2>Where it is embedded</h2>
          <ol className="ad-analytics__bars">
            {analytics.referrers.map((referrer) => (
              <li key={referrer.host}>
                <span className="ad-analytics__name">{HOST_NAMES[referrer.host] ?? referrer.host}</span>
                <span>{referrer.views}</span>
              </li>
            ))}
          </ol>
        </section>
        <section aria-label="Devices">
          <h2>Devices</h2>
          <ul className="ad-analytics__bars">
            {(['phone', 'tablet', 'desktop'] as const).map((device) => (
              <li key={device} data-device={device}>
                <span className="ad-analytics__name">{device[0].toUpperCase() + device.slice(1)}</span>
                <span>
                  {devices[device]} ({share(devices[device], deviceViews)})
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

/** The opens of each scene's hotspots (by the scene they lead to) and info spots (by their text), scene by scene. */
function SpotOpens({ hotspots, images }: { hotspots: TourAnalytics['hotspots']; images: Tour['images'] }) {
  const scenes = images.map((image) => ({ image, spots: hotspots.filter((spot) => spot.sceneId === image.id) })).filter(({ spots }) => spots.length > 0);
  return (
    <section aria-label="Hotspot and info spot opens">
      <h2>Hotspot and info spot opens</h2>
      {scenes.length === 0 && <p>No hotspot or info spot was opened in these days.</p>}
      {scenes.map(({ image, spots }) => (
        <section key={image.id} aria-label={`Opens in ${image.title || 'Untitled scene'}`} data-scene-id={image.id}>
          <h3>In {image.title || 'Untitled scene'}</h3>
          <ol className="ad-analytics__bars">
            {spots.map((spot) => (
              <li key={spot.targetId} data-kind={spot.kind}>
                <span className="ad-analytics__name">{spot.kind === 'hotspot' ? `To ${spot.name || 'Untitled scene'}` : spot.name || 'Info spot'}</span>
                <span>{countOf(spot.clicks, 'open')}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}

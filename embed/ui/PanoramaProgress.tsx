import { useMessages } from '../i18n/i18n-context';

/** A thin bar along the top while the first panorama downloads, over the poster. */
export function PanoramaProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  const { t } = useMessages();
  return (
    <div className="tv-progress" role="progressbar" aria-label={t('loadingPanorama')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="tv-progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

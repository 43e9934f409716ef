/** A thin bar along the top while the first panorama downloads, over the poster. */
export function PanoramaProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="tv-progress" role="progressbar" aria-label="Loading the panorama" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="tv-progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

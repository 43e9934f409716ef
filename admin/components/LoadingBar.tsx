import { useSnapshot } from 'valtio';
import { LOADING_ANIMATION_MS, LOADING_ENDING_ANIMATION_MS, loadingProgress } from '../lib/loading-progress';

/** Top loading bar, driven by the owner's pending requests (see features/loading-progress). */
export function LoadingBar() {
  const { percent, ending } = useSnapshot(loadingProgress);
  if (percent === 0) return null;
  const duration = ending ? LOADING_ENDING_ANIMATION_MS : LOADING_ANIMATION_MS;
  return (
    <div
      className={`ad-loading-bar${ending ? ' ad-loading-bar--ending' : ''}`}
      role="progressbar"
      aria-label="Loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      style={{ width: `${percent}%`, transitionDuration: `${duration}ms` }}
    />
  );
}

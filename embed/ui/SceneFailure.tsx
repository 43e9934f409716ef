import type { SceneFailureReason } from '../panorama/fetch-panorama';

export interface SceneFailureState {
  /** The scene that could not be shown. */
  sceneId: string;
  reason: SceneFailureReason;
  /** The scene still shown instead, if any (none when the tour's first scene failed). */
  keptSceneId?: string;
  /** The network came back since: worth another try. */
  backOnline?: boolean;
}

/** What the visitor is told, in the viewer's own words; titles are the owner's text, shown as text. */
export function sceneFailureText(failure: SceneFailureState, titleOf: (sceneId: string) => string): string[] {
  const title = titleOf(failure.sceneId);
  const what = title ? `“${title}” could not be loaded` : 'This scene could not be loaded';
  const lines = [failure.reason === 'offline' ? `You are offline. ${what}.` : failure.reason === 'network' ? `${what}: the connection failed.` : `${what}.`];
  if (failure.keptSceneId) lines.push(`You are still in “${titleOf(failure.keptSceneId)}”.`);
  if (failure.backOnline) lines.push('You are back online.');
  return lines;
}

/** Over the panorama, never a black box: what failed, where the visitor still is, and a Retry. */
export function SceneFailure({ failure, titleOf, onRetry }: { failure: SceneFailureState; titleOf: (sceneId: string) => string; onRetry: () => void }) {
  return (
    <div className="tv-scene-failure" role="alert" data-reason={failure.reason} data-back-online={failure.backOnline ? '' : undefined}>
      {sceneFailureText(failure, titleOf).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <button type="button" className="tv-scene-failure__retry" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

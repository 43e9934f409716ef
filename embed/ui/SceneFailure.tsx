import type { Messages } from '../i18n/i18n-context';
import { useMessages } from '../i18n/i18n-context';
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
export function sceneFailureText(failure: SceneFailureState, titleOf: (sceneId: string) => string, { t }: Pick<Messages, 't'>): string[] {
  const title = titleOf(failure.sceneId);
  const what = title ? t('sceneFailedTitled', { title }) : t('sceneFailedUntitled');
  const why = failure.reason === 'offline' ? 'sceneFailedOffline' : failure.reason === 'network' ? 'sceneFailedNetwork' : 'sceneFailedOther';
  const lines = [t(why, { what })];
  if (failure.keptSceneId) lines.push(t('sceneKept', { title: titleOf(failure.keptSceneId) }));
  if (failure.backOnline) lines.push(t('backOnline'));
  return lines;
}

/** Over the panorama, never a black box: what failed, where the visitor still is, and a Retry. */
export function SceneFailure({ failure, titleOf, onRetry }: { failure: SceneFailureState; titleOf: (sceneId: string) => string; onRetry: () => void }) {
  const messages = useMessages();
  return (
    <div className="tv-scene-failure" role="alert" data-reason={failure.reason} data-back-online={failure.backOnline ? '' : undefined}>
      {sceneFailureText(failure, titleOf, messages).map((line) => (
        <p key={line} dir="auto">
          {line}
        </p>
      ))}
      <button type="button" className="tv-scene-failure__retry" onClick={onRetry}>
        {messages.t('retry')}
      </button>
    </div>
  );
}

import '../i18n/en-parts';
import { useEffect, useRef } from 'react';
import { useMessages } from '../i18n/i18n-context';
import { useAdoptedStyles } from '../hooks/use-adopted-styles';
import { partsCss } from '../styles/parts';
import type { CardboardSession, CardboardView } from '../vr/cardboard';
import type { GazeTarget } from '../vr/gaze';

interface CardboardVrProps {
  imageUrl: string;
  view: CardboardView;
  /** The scene's hotspots: looking at one for a while follows it. */
  targets: readonly GazeTarget[];
  onFollow(target: GazeTarget): void;
  onExit(): void;
}

/** Covers the panorama with the stereo view; three.js arrives in its own chunk the first time VR is chosen. */
export function CardboardVr({ imageUrl, view, targets, onFollow, onExit }: CardboardVrProps) {
  const stage = useRef<HTMLDivElement>(null);
  const { t } = useMessages();
  useAdoptedStyles(stage, partsCss);
  const startView = useRef(view).current;
  const latest = useRef({ targets, onFollow });
  latest.current = { targets, onFollow };
  useEffect(() => {
    let live = true;
    let session: CardboardSession | undefined;
    // The dwell shows as a ring filling in the middle of each eye.
    const showProgress = (progress: number) => stage.current?.style.setProperty('--tv-gaze', String(progress));
    void import('../vr/cardboard').then(({ startCardboard }) => {
      if (!live) return;
      session = startCardboard(stage.current!, imageUrl, startView, {
        get targets() {
          return latest.current.targets;
        },
        onProgress: showProgress,
        onFollow: (target) => latest.current.onFollow(target),
      });
    });
    return () => {
      live = false;
      session?.stop();
    };
  }, [imageUrl, startView]);
  return (
    <div ref={stage} className="tv-vr" data-testid="vr">
      <span className="tv-vr__reticle" aria-hidden="true" />
      <span className="tv-vr__reticle" aria-hidden="true" />
      <button type="button" className="tv-button tv-vr__exit" onClick={onExit}>
        {t('exitVr')}
      </button>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import type { CardboardSession, CardboardView } from '../vr/cardboard';

/** Covers the panorama with the stereo view; three.js arrives in its own chunk the first time VR is chosen. */
export function CardboardVr({ imageUrl, view, onExit }: { imageUrl: string; view: CardboardView; onExit: () => void }) {
  const stage = useRef<HTMLDivElement>(null);
  const startView = useRef(view).current;
  useEffect(() => {
    let live = true;
    let session: CardboardSession | undefined;
    void import('../vr/cardboard').then(({ startCardboard }) => {
      if (live) session = startCardboard(stage.current!, imageUrl, startView);
    });
    return () => {
      live = false;
      session?.stop();
    };
  }, [imageUrl, startView]);
  return (
    <div ref={stage} className="tv-vr" data-testid="vr">
      <button type="button" className="tv-button tv-vr__exit" onClick={onExit}>
        Exit VR
      </button>
    </div>
  );
}

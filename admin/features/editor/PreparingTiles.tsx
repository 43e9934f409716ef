import { useEffect, useState } from 'react';
import type { SceneAnswer, Tour } from '../../../api/schema/tour';
import { apiQuietly } from '../../lib/api-client';

/** How often the editor asks whether tiles being prepared are ready; a cut takes seconds to a minute. */
export const TILES_POLL_MS = 3000;

/** Per panorama address: whether the server last said its tiles were being prepared. */
type TilesAnswered = ReadonlyMap<string, boolean>;

function answeredIn(images: SceneAnswer[]): TilesAnswered {
  return new Map(images.map((image) => [image.url, image.tilesPreparing === true]));
}

/**
 * The panoramas (by address) of `images` whose tiles the server is preparing. Learnt from the upload's answer for a
 * new scene and from the owner's read of the tour: the one the editor loaded, then a quiet read every few seconds
 * while a scene's tiles are being prepared or a new scene is not in the server's answer yet (its save is on its
 * way). Polling stops once every scene is known and none is being prepared.
 */
export function usePreparingTiles(shortId: string, images: SceneAnswer[]): ReadonlySet<string> {
  const [answered, setAnswered] = useState<TilesAnswered>(() => answeredIn(images));
  const preparing = (image: SceneAnswer) => answered.get(image.url) ?? image.tilesPreparing === true;
  const waiting = images.some((image) => answered.get(image.url) !== false);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const timer = setTimeout(() => {
      apiQuietly<Tour>('GET', `/tours/${encodeURIComponent(shortId)}`)
        .then((tour) => live && setAnswered(answeredIn(tour.images)))
        // Asked again at the next turn: the tour stays usable whatever this read meets.
        .catch(() => live && setAnswered((last) => new Map(last)));
    }, TILES_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [shortId, waiting, answered]);
  return new Set(images.filter(preparing).map((image) => image.url));
}

/** Said beside a scene whose tiles are being cut: the scene already shows, from its original picture. */
export function PreparingTilesBadge() {
  return (
    <span className="ad-badge ad-scene-tiles" role="status">
      Preparing tiles…
    </span>
  );
}

import type { Hotspot, Image, Infospot } from '../../api/schema/tour';
import { useMessages } from '../i18n/i18n-context';

/**
 * The current scene's hotspots and info spots as a plain list for screen readers: the ones drawn on the
 * panorama move with the camera and leave the page when they turn out of view.
 */
export function SceneLinksList({
  image,
  allowLinks,
  onScene,
  onInfospot,
}: {
  image: Image;
  allowLinks: boolean;
  onScene: (hotspot: Hotspot) => void;
  onInfospot: (spot: Infospot) => void;
}) {
  const { t } = useMessages();
  const spots = image.infospots.filter((spot) => allowLinks || spot.dataType !== 'hyperLink');
  return (
    <ul className="tv-sr-only" aria-label={t('placesFrom', { place: image.title || t('thisScene') })}>
      {image.hotspots.map((hotspot) => (
        <li key={hotspot.id}>
          <button type="button" tabIndex={-1} onClick={() => onScene(hotspot)}>
            {t('goTo', { place: hotspot.image.title || t('nextScenePlace') })}
          </button>
        </li>
      ))}
      {spots.map((spot) =>
        spot.dataType === 'shrt' ? (
          <li key={spot.id} dir="auto">
            {spot.data.previewText}
          </li>
        ) : spot.dataType === 'hyperLink' ? (
          <li key={spot.id}>
            <a href={spot.data.url} target="_blank" rel="noopener noreferrer" tabIndex={-1}>
              {spot.data.previewText || spot.data.url}
            </a>
          </li>
        ) : (
          <li key={spot.id}>
            <button type="button" tabIndex={-1} onClick={() => onInfospot(spot)}>
              {spot.data.previewText || t('moreInformation')}
            </button>
          </li>
        ),
      )}
    </ul>
  );
}

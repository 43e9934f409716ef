import type { Hotspot, SceneAnswer } from '../../api/schema/tour';
import { absoluteUrl } from '../element/api-origin';
import { onActivate } from './activate';
import { pictureUrl } from './picture-types';
import type { SpotLabels } from './spot-labels';

/** The picture a picture-style hot spot leading to `scene` shows: its hotspot picture, else its thumbnail, in the best type known. */
export function hotspotPicture(scene: Pick<SceneAnswer, 'hotspotUrl' | 'thumbUrl' | 'formats'>): string {
  return pictureUrl(scene, 'hotspotUrl') || pictureUrl(scene, 'thumbUrl');
}

/**
 * The picture-style hot spot's picture: the scene it leads to as the hot spot saved it, in a modern type when the
 * answer lists that scene's panorama (the same one) in any.
 */
function destinationPicture(hotspot: Hotspot, destination: SceneAnswer | undefined): string {
  return hotspotPicture({ ...hotspot.image, formats: destination?.url === hotspot.image.url ? destination.formats : undefined });
}

/**
 * Fills pannellum's hotspot div with a focusable button drawn in one of the four hotspot styles (pictures on
 * `apiOrigin`), named in the viewer's language; `destination` is the scene it leads to as the tour answer gives it,
 * when known.
 */
export function renderSceneHotspot(
  div: HTMLDivElement,
  hotspot: Hotspot,
  apiOrigin: string,
  labels: SpotLabels,
  goTo: (sceneId: string, hotspotId: string) => void,
  destination?: SceneAnswer,
): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `tv-hotspot tv-hotspot--style-${hotspot.style}`;
  button.dataset.sceneId = hotspot.image.id;
  labels.label(button, (t) => t('goTo', { place: hotspot.image.title || t('nextScenePlace') }));
  button.title = hotspot.image.title;
  const face = document.createElement('span');
  face.className = 'tv-hotspot__face';
  face.style.transform = `rotate(${hotspot.rotation}deg)`;
  const picture = hotspot.style === 1 ? destinationPicture(hotspot, destination) : hotspot.style === 4 ? hotspot.customImageUrl : '';
  if (picture) face.style.backgroundImage = `url("${absoluteUrl(picture, apiOrigin)}")`;
  button.append(face);
  // Every hotspot carries its title: the picture style always shows it, the others on hover and focus, and on
  // touch screens (where nothing hovers) always.
  if (hotspot.image.title) {
    const label = document.createElement('span');
    label.className = 'tv-hotspot__label';
    label.textContent = hotspot.image.title;
    label.dir = 'auto';
    button.append(label);
  }
  onActivate(button, () => goTo(hotspot.image.id, hotspot.id));
  div.append(button);
}

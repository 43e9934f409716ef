import type { Hotspot } from '../../api/schema/tour';
import { absoluteUrl } from '../element/api-origin';
import { onActivate } from './activate';

/** Fills pannellum's hotspot div with a focusable button drawn in one of the four hotspot styles (pictures on `apiOrigin`). */
export function renderSceneHotspot(div: HTMLDivElement, hotspot: Hotspot, apiOrigin: string, goTo: (sceneId: string, hotspotId: string) => void): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `tv-hotspot tv-hotspot--style-${hotspot.style}`;
  button.dataset.sceneId = hotspot.image.id;
  button.setAttribute('aria-label', `Go to ${hotspot.image.title || 'next scene'}`);
  button.title = hotspot.image.title;
  const face = document.createElement('span');
  face.className = 'tv-hotspot__face';
  face.style.transform = `rotate(${hotspot.rotation}deg)`;
  const picture = hotspot.style === 1 ? hotspot.image.hotspotUrl || hotspot.image.thumbUrl : hotspot.style === 4 ? hotspot.customImageUrl : '';
  if (picture) face.style.backgroundImage = `url("${absoluteUrl(picture, apiOrigin)}")`;
  button.append(face);
  // Every hotspot carries its title: the picture style always shows it, the others on hover and focus, and on
  // touch screens (where nothing hovers) always.
  if (hotspot.image.title) {
    const label = document.createElement('span');
    label.className = 'tv-hotspot__label';
    label.textContent = hotspot.image.title;
    button.append(label);
  }
  onActivate(button, () => goTo(hotspot.image.id, hotspot.id));
  div.append(button);
}

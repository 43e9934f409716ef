import type { Infospot } from '../../api/schema/tour';
import { onActivate } from './activate';

const LABELS: Record<Infospot['dataType'], string> = {
  shrt: 'Information',
  ext: 'More information',
  html: 'More information',
  image: 'Picture',
  hyperLink: 'Open link',
};

/**
 * An info spot: short text shows as its label on hover and focus; the others open the info modal, and a
 * hyperlink opens in a new tab (unless outbound links are off, as in listing mode).
 */
export function renderInfospot(div: HTMLDivElement, spot: Infospot, open: (spot: Infospot) => void, allowLinks: boolean): void {
  const isLink = spot.dataType === 'hyperLink';
  if (isLink && !allowLinks) return;
  const element = isLink ? document.createElement('a') : document.createElement('button');
  if (element instanceof HTMLAnchorElement) {
    element.href = spot.data.url;
    element.target = '_blank';
    element.rel = 'noopener noreferrer';
  } else {
    element.type = 'button';
  }
  element.className = `tv-infospot-button tv-infospot-button--${spot.dataType}`;
  element.dataset.infospotId = spot.id;
  element.setAttribute('aria-label', spot.data.previewText || LABELS[spot.dataType]);
  element.textContent = 'i';
  if (spot.dataType === 'shrt' && spot.data.previewText) {
    const label = document.createElement('span');
    label.className = 'tv-infospot-button__label';
    label.textContent = spot.data.previewText;
    element.append(label);
  }
  if (!isLink && spot.dataType !== 'shrt') onActivate(element, () => open(spot));
  div.append(element);
}

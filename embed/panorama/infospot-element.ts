import type { Infospot } from '../../api/schema/tour';
import type { MessageKey } from '../i18n/en';
import { onActivate } from './activate';
import type { SpotLabels } from './spot-labels';

/** What each kind of info spot is called where its own text does not name it. */
export const INFOSPOT_LABELS: Record<Infospot['dataType'], MessageKey> = {
  shrt: 'infospotInformation',
  ext: 'moreInformation',
  html: 'moreInformation',
  image: 'infospotPicture',
  hyperLink: 'infospotLink',
};

/** Room kept between a label and the viewer's edge. */
const EDGE_PX = 8;
/** A label never narrower than this, even where the spot sits in a corner. */
const MIN_LABEL_PX = 80;

/**
 * A short label opens to the right of its spot, or to the left where the viewer has more room there (a spot near
 * the right edge of a phone), and is never wider than the room on its side. Measured as it opens: the spot moves
 * with the view.
 */
function placeLabel(spot: HTMLElement, label: HTMLElement): void {
  const viewer = spot.closest('.pnlm-container')?.getBoundingClientRect();
  if (!viewer) return;
  const button = spot.getBoundingClientRect();
  const right = viewer.right - button.right - EDGE_PX;
  const left = button.left - viewer.left - EDGE_PX;
  // Laid out for measuring even if the pointer's :hover has not reached the style yet.
  label.style.display = 'block';
  label.style.maxWidth = '';
  const onLeft = label.offsetWidth > right && left > right;
  label.classList.toggle('tv-infospot-button__label--left', onLeft);
  label.style.maxWidth = `${Math.max(Math.min(label.offsetWidth, onLeft ? left : right), MIN_LABEL_PX)}px`;
  label.style.display = '';
}

/**
 * An info spot: short text shows as its label on hover and focus; the others open the info modal, and a
 * hyperlink opens in a new tab (unless outbound links are off, as in listing mode).
 */
export function renderInfospot(div: HTMLDivElement, spot: Infospot, labels: SpotLabels, open: (spot: Infospot) => void, allowLinks: boolean): void {
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
  labels.label(element, (t) => spot.data.previewText || t(INFOSPOT_LABELS[spot.dataType]));
  element.textContent = 'i';
  if (spot.dataType === 'shrt' && spot.data.previewText) {
    const label = document.createElement('span');
    label.className = 'tv-infospot-button__label';
    label.textContent = spot.data.previewText;
    label.dir = 'auto';
    element.append(label);
    const place = () => placeLabel(element, label);
    element.addEventListener('pointerenter', place);
    element.addEventListener('focus', place);
  }
  if (!isLink && spot.dataType !== 'shrt') onActivate(element, () => open(spot));
  div.append(element);
}

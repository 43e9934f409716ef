import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Tour } from '../../api/schema/tour';
import { useMessages } from '../i18n/i18n-context';
import { useMediaUrl } from '../viewer/api-origin-context';
import { pictureUrl } from '../panorama/picture-types';

/** Whether an element's text is cut off by its box, followed as the box changes size. */
function useClipped(ref: RefObject<HTMLElement | null>, unfolded: boolean): boolean {
  const [clipped, setClipped] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    // Unfolded, the text is whole by design: the folded measure stands, so "less" stays the same button (and keeps
    // the focus) while the folded text is measured again.
    if (!element || unfolded) return;
    const measure = () => setClipped(element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1);
    const resizes = new ResizeObserver(measure);
    resizes.observe(element);
    return () => resizes.disconnect();
  }, [ref, unfolded]);
  return clipped;
}

/** Reel themes; unknown themes fall back to classic. */
export function reelTheme(theme: string): 'classic' | 'modern' | 'flow' | 'cascade' {
  return theme === 'modern' || theme === 'flow' || theme === 'cascade' ? theme : 'classic';
}

export interface SceneReelProps {
  tour: Tour;
  sceneId: string;
  onSelect: (sceneId: string) => void;
  showBranding: boolean;
}

/**
 * The scene reel in the tour's theme. Its layout (tile widths of 200, 160 or 140 px, a horizontal strip under 40em
 * whatever the theme, cascade's column from 40em up) comes from the room the viewer gives it, in reel.css.
 */
export function SceneReel({ tour, sceneId, onSelect, showBranding }: SceneReelProps) {
  const theme = reelTheme(tour.theme);
  const mediaUrl = useMediaUrl();
  const list = useRef<HTMLUListElement>(null);
  const hasArrows = theme !== 'classic';
  const [moreShown, setMoreShown] = useState(false);
  const { t } = useMessages();
  const descriptionId = useId();
  const description = useRef<HTMLParagraphElement>(null);
  const clipped = useClipped(description, moreShown);

  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [sceneId]);

  // One tile on, the way the list runs: the stylesheet lays it out across, or down in cascade's column.
  const scroll = (direction: 1 | -1) => {
    const element = list.current;
    const tile = element?.querySelector('li');
    if (!element || !tile) return;
    const down = element.scrollHeight > element.clientHeight && element.scrollWidth <= element.clientWidth;
    // Across a right-to-left reel, forward is leftwards.
    const across = getComputedStyle(element).direction === 'rtl' ? -direction : direction;
    element.scrollBy(down ? { top: direction * tile.offsetHeight } : { left: across * tile.offsetWidth });
  };

  return (
    <nav className={`tv-reel tv-reel--${theme}`} aria-label={t('scenes')}>
      {showBranding && (tour.logo || tour.description) && (
        <div className={`tv-reel__about${moreShown ? ' tv-reel__about--open' : ''}`}>
          {tour.logo && !tour.hideLogo && <img src={mediaUrl(tour.logo)} alt={tour.companyName || t('logo')} />}
          {tour.description && (
            <p id={descriptionId} ref={description}>
              {tour.description}
            </p>
          )}
          {tour.description && (clipped || moreShown) && (
            <button type="button" className="tv-reel__more" aria-expanded={moreShown} aria-controls={descriptionId} onClick={() => setMoreShown(!moreShown)}>
              {moreShown ? 'less' : 'more'}
            </button>
          )}
        </div>
      )}
      {hasArrows && (
        <button type="button" className="tv-reel__arrow tv-reel__arrow--back" aria-label={t('scrollScenesBack')} onClick={() => scroll(-1)}>
          ‹
        </button>
      )}
      <ul ref={list} className="tv-reel__list">
        {tour.images.map((image) => (
          <li key={image.id}>
            <button type="button" className="tv-reel__tile" aria-current={image.id === sceneId} data-scene-id={image.id} onClick={() => onSelect(image.id)}>
              {image.thumbUrl && <img src={mediaUrl(pictureUrl(image, 'thumbUrl'))} alt="" loading="lazy" />}
              <span>{image.title}</span>
            </button>
          </li>
        ))}
      </ul>
      {hasArrows && (
        <button type="button" className="tv-reel__arrow tv-reel__arrow--forward" aria-label={t('scrollScenesForward')} onClick={() => scroll(1)}>
          ›
        </button>
      )}
    </nav>
  );
}

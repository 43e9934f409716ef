import { useEffect, useRef } from 'react';
import type { Tour } from '../../api/schema/tour';
import { absoluteUrl } from '../element/api-origin';

/** Reel themes; unknown themes fall back to classic. */
export function reelTheme(theme: string): 'classic' | 'modern' | 'flow' | 'cascade' {
  return theme === 'modern' || theme === 'flow' || theme === 'cascade' ? theme : 'classic';
}

/** Tile width by the element's width: 200, 160 (narrow) or 140 (very narrow) px, plus 10 px margin. */
export function reelTileWidth(hostWidth: number): number {
  return hostWidth < 480 ? 140 : hostWidth < 768 ? 160 : 200;
}

export interface SceneReelProps {
  tour: Tour;
  sceneId: string;
  hostWidth: number;
  onSelect: (sceneId: string) => void;
  showBranding: boolean;
}

export function SceneReel({ tour, sceneId, hostWidth, onSelect, showBranding }: SceneReelProps) {
  const theme = reelTheme(tour.theme);
  const list = useRef<HTMLUListElement>(null);
  const vertical = theme === 'cascade';
  const hasArrows = theme !== 'classic';
  const tile = reelTileWidth(hostWidth);

  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [sceneId]);

  const scroll = (direction: 1 | -1) => list.current?.scrollBy(vertical ? { top: direction * (tile * 0.6 + 10) } : { left: direction * (tile + 10) });

  return (
    <nav className={`tv-reel tv-reel--${theme}`} aria-label="Scenes" style={{ ['--tv-tile' as string]: `${tile}px` }}>
      {showBranding && (tour.logo || tour.description) && (
        <div className="tv-reel__about">
          {tour.logo && !tour.hideLogo && <img src={absoluteUrl(tour.logo)} alt={tour.companyName || 'Logo'} />}
          {tour.description && <p>{tour.description}</p>}
        </div>
      )}
      {hasArrows && (
        <button type="button" className="tv-reel__arrow" aria-label={vertical ? 'Scroll up' : 'Scroll left'} onClick={() => scroll(-1)}>
          {vertical ? '▲' : '◀'}
        </button>
      )}
      <ul ref={list} className="tv-reel__list">
        {tour.images.map((image) => (
          <li key={image.id}>
            <button type="button" className="tv-reel__tile" aria-current={image.id === sceneId} data-scene-id={image.id} onClick={() => onSelect(image.id)}>
              <img src={absoluteUrl(image.thumbUrl)} alt="" loading="lazy" />
              <span>{image.title}</span>
            </button>
          </li>
        ))}
      </ul>
      {hasArrows && (
        <button type="button" className="tv-reel__arrow" aria-label={vertical ? 'Scroll down' : 'Scroll right'} onClick={() => scroll(1)}>
          {vertical ? '▼' : '▶'}
        </button>
      )}
    </nav>
  );
}

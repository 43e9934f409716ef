import type { Tour } from '../../../../api/schema/tour';
import { pictureUrl } from '../../../../embed/panorama';

const PREVIEW_TILES = 3;

/**
 * A small drawing of the viewer with the scene reel in the chosen theme, redrawn as the theme changes (the real
 * viewer would show it only after the save). Mirrors embed/ui/SceneReel.tsx: classic is a plain strip, modern
 * adds arrows, flow floats as a rounded bar, cascade stands on the left.
 */
export function ThemePreview({ tour }: { tour: Tour }) {
  const scenes = tour.images.slice(0, PREVIEW_TILES);
  const backdrop = scenes[0] && pictureUrl(scenes[0], 'thumbUrl');
  const theme = ['modern', 'flow', 'cascade'].includes(tour.theme) ? tour.theme : 'classic';
  const arrows = theme !== 'classic';
  const tiles = scenes.length
    ? scenes.map((scene) => ({ key: scene.id, title: scene.title, thumb: pictureUrl(scene, 'thumbUrl') }))
    : [1, 2, 3].map((n) => ({ key: String(n), title: `Scene ${n}`, thumb: '' }));
  return (
    <figure
      className="ad-theme-preview"
      data-theme={theme}
      aria-label={`Preview of the ${theme} theme`}
      style={{ backgroundImage: backdrop ? `url("${backdrop}")` : undefined }}
    >
      <div className={`ad-theme-preview__reel ad-theme-preview__reel--${theme}`}>
        {arrows && <span className="ad-theme-preview__arrow">{theme === 'cascade' ? '▲' : '◀'}</span>}
        {tiles.map((tile, index) => (
          <span
            key={tile.key}
            className="ad-theme-preview__tile"
            aria-current={index === 0}
            style={{ backgroundImage: tile.thumb ? `url("${tile.thumb}")` : undefined }}
          >
            <span>{tile.title}</span>
          </span>
        ))}
        {arrows && <span className="ad-theme-preview__arrow">{theme === 'cascade' ? '▼' : '▶'}</span>}
      </div>
    </figure>
  );
}

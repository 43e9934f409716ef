import type { Tour } from '../../api/schema/tour';
import { useMessages } from '../i18n/i18n-context';

/** The scenes as one compact chooser, for a host whose chat sheet leaves no room for the reel. */
export function SceneList({ tour, sceneId, onSelect }: { tour: Tour; sceneId: string; onSelect: (sceneId: string) => void }) {
  const { t } = useMessages();
  return (
    <label className="tv-scene-list">
      <span className="tv-sr-only">{t('scene')}</span>
      <select value={sceneId} onChange={(event) => onSelect(event.target.value)}>
        {tour.images.map((image) => (
          <option key={image.id} value={image.id}>
            {image.title || image.id}
          </option>
        ))}
      </select>
    </label>
  );
}

import type { Tour } from '../../../api/schema/tour';
import { useConfirm } from '../../components/ConfirmModal';
import { FileDropZone } from '../../components/FileDropZone';
import { Icon } from '../../components/Icon';
import { SortableList } from '../../components/SortableList';
import { EditorPanorama } from './panorama/EditorPanorama';
import { moveScene, renameScene, sceneRemoval, sceneRemovalQuestion } from './tour-edits';
import type { useImageUploads } from './use-image-uploads';
import { UploadList } from './UploadList';
import { PreparingTilesBadge, usePreparingTiles } from './PreparingTiles';
import { countOf } from '../../lib/count-of';

export interface EditTourTabProps {
  tour: Tour;
  change: (next: Tour) => void;
  uploads: ReturnType<typeof useImageUploads>;
  /** The scene shown in the panorama; the first one until the owner picks another. */
  sceneId: string | null;
  onPickScene: (sceneId: string) => void;
  /** Removes a scene with what leads to it, once the owner has agreed. */
  onRemoveScene: (sceneId: string) => void;
}

/** The scenes: add them by upload or drop, order, rename and delete them, and edit the one shown in the panorama. */
export function EditTourTab({
  tour,
  change,
  uploads: { uploads, imagesRemaining, addImages, failures, retry },
  sceneId,
  onPickScene,
  onRemoveScene,
}: EditTourTabProps) {
  const confirm = useConfirm();
  const preparingTiles = usePreparingTiles(tour.shortId, tour.images);
  const shownScene = tour.images.find((image) => image.id === sceneId) ?? tour.images[0];
  return (
    <div className="ad-edit-tour">
      <FileDropZone label="Scenes" className="ad-edit-tour__scenes" onPictures={(files) => void addImages(files)}>
        <label className="ad-button">
          Add images
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="ad-file-input"
            onChange={(event) => void addImages(event.target.files)}
          />
        </label>
        <span className="ad-drop__hint">or drop pictures here</span>
        {imagesRemaining > 0 && <p role="status">Uploading image, please wait ({imagesRemaining} remaining)</p>}
        <UploadList uploads={uploads} failures={failures} onRetry={retry} />
        <SortableList
          className="ad-scenes"
          items={tour.images}
          idOf={(image) => image.id}
          handleLabel={(image) => `Move ${image.title}`}
          nameOf={(image) => image.title || 'the untitled scene'}
          onMove={(from, to) => change(moveScene(tour, from, to))}
          renderItem={(image, index) => (
            <>
              <button
                type="button"
                className="ad-scene-pick"
                aria-pressed={image.id === shownScene?.id}
                aria-label={`Show ${image.title}`}
                onClick={() => onPickScene(image.id)}
              >
                <img src={image.thumbUrl} alt="" />
              </button>
              <input
                className="ad-scene-title"
                aria-label={`Title of scene ${index + 1}`}
                value={image.title}
                onChange={(event) => change(renameScene(tour, image.id, event.target.value))}
              />
              <span className="ad-scene-counts">
                {countOf(image.hotspots.length, 'hotspot')} · {countOf(image.infospots.length, 'infospot')}
              </span>
              {preparingTiles.has(image.url) && <PreparingTilesBadge />}
              <button
                type="button"
                className="ad-link ad-link--danger"
                onClick={() => confirm.ask(sceneRemovalQuestion(sceneRemoval(tour, image.id)), () => onRemoveScene(image.id))}
              >
                <Icon name="delete" /> Delete scene
              </button>
            </>
          )}
        />
      </FileDropZone>
      {shownScene ? (
        <EditorPanorama tour={tour} sceneId={shownScene.id} onChange={change} />
      ) : (
        <p className="ad-edit-tour__empty">Add panorama images to start the tour.</p>
      )}
      {confirm.modal}
    </div>
  );
}

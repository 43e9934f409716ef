import { useConfirm } from '../../components/ConfirmModal';
import { FileDropZone } from '../../components/FileDropZone';
import { Icon } from '../../../embed/shared';
import { SortableList } from '../../components/SortableList';
import { EditorPanorama } from './panorama/EditorPanorama';
import { toast } from 'react-toastify/unstyled';
import { useEditorSnapshot, useEditorStore, useEditorTour } from './editor-context';
import { changeTour, pickScene, removeSceneEverywhere } from './editor-store';
import { moveScene, renameScene, sceneRemoval, sceneRemovalQuestion } from './tour-edits';
import type { useImageUploads } from './use-image-uploads';
import { UploadList } from './UploadList';
import { PreparingTilesBadge, usePreparingTiles } from './PreparingTiles';
import { countOf } from '../../lib/count-of';
import { ModernPicture } from '../../components/ModernPicture';

export interface EditTourTabProps {
  uploads: ReturnType<typeof useImageUploads>;
}

/** The scenes: add them by upload or drop, order, rename and delete them, and edit the one shown in the panorama. */
export function EditTourTab({ uploads: { uploads, imagesRemaining, addImages, failures, retry } }: EditTourTabProps) {
  const store = useEditorStore();
  const tour = useEditorTour();
  const { sceneId } = useEditorSnapshot(store);
  const confirm = useConfirm();
  // A scene goes with what leads to it, once the owner has agreed.
  const deleteScene = (id: string) => toast.success(removeSceneEverywhere(store, id));
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
          onMove={(from, to) => changeTour(store, (current) => moveScene(current, from, to))}
          renderItem={(image, index) => (
            <>
              <button
                type="button"
                className="ad-scene-pick"
                aria-pressed={image.id === shownScene?.id}
                aria-label={`Show ${image.title}`}
                onClick={() => pickScene(store, image.id)}
              >
                <ModernPicture scene={image} picture="thumbUrl" />
              </button>
              <input
                className="ad-scene-title"
                aria-label={`Title of scene ${index + 1}`}
                value={image.title}
                onChange={(event) => changeTour(store, (current) => renameScene(current, image.id, event.target.value))}
              />
              <span className="ad-scene-counts">
                {countOf(image.hotspots.length, 'hotspot')} · {countOf(image.infospots.length, 'infospot')}
              </span>
              {preparingTiles.has(image.url) && <PreparingTilesBadge />}
              <button
                type="button"
                className="ad-link ad-link--danger"
                onClick={() => confirm.ask(sceneRemovalQuestion(sceneRemoval(tour, image.id)), () => deleteScene(image.id))}
              >
                <Icon name="delete" /> Delete scene
              </button>
            </>
          )}
        />
      </FileDropZone>
      {shownScene ? <EditorPanorama sceneId={shownScene.id} /> : <p className="ad-edit-tour__empty">Add panorama images to start the tour.</p>}
      {confirm.modal}
    </div>
  );
}

import { yawPitchToCoords } from '../../../api/schema/coords';
import { titleFromFileName, type Hotspot, type Image, type TourInput } from '../../../api/schema/tour';

/**
 * Editor operations as small pure functions over the tour (STYLE.md: Excalidraw). Each returns a new tour;
 * the server validates the result with the same schema on save.
 */
type Scenes = Pick<TourInput, 'images' | 'defaultHotspotStyle'>;

export interface UploadedPicture {
  fileName: string;
  url: string;
  thumbUrl: string;
  hotspotUrl: string;
  mobileUrl: string;
  width: number;
  height: number;
  size: number;
  isNotEquirect: boolean;
}

export function addScene<T extends Scenes>(tour: T, picture: UploadedPicture, id: string = crypto.randomUUID()): T {
  const now = new Date().toISOString();
  const { fileName, ...stored } = picture;
  const image: Image = {
    id,
    ...stored,
    title: titleFromFileName(fileName),
    uploaded: true,
    dateUploaded: now,
    dateModified: now,
    preview: '',
    cameraPosition: null,
    cameraZoom: null,
    initialViewOverrides: [],
    infospots: [],
    hotspots: [],
  };
  return { ...tour, images: [...tour.images, image] };
}

/** Removes a scene and every link that led to it, so the tour stays valid. */
export function removeScene<T extends Scenes>(tour: T, sceneId: string): T {
  return {
    ...tour,
    images: tour.images
      .filter((image) => image.id !== sceneId)
      .map((image) => ({ ...image, hotspots: image.hotspots.filter((hotspot) => hotspot.image.id !== sceneId) })),
  };
}

export function renameScene<T extends Scenes>(tour: T, sceneId: string, title: string): T {
  return { ...tour, images: tour.images.map((image) => (image.id === sceneId ? { ...image, title } : image)) };
}

/** Moves the scene at `from` to `to` (the sortable list). */
export function moveScene<T extends Scenes>(tour: T, from: number, to: number): T {
  const images = [...tour.images];
  const [moved] = images.splice(from, 1);
  images.splice(Math.max(0, Math.min(images.length, to)), 0, moved);
  return { ...tour, images };
}

function hotspotTo(target: Image, style: Hotspot['style'], yaw: number, pitch: number): Hotspot {
  return {
    id: crypto.randomUUID(),
    image: { id: target.id, url: target.url, thumbUrl: target.thumbUrl, hotspotUrl: target.hotspotUrl, title: target.title },
    style,
    customImageUrl: '',
    rotation: 0,
    coords: yawPitchToCoords({ yaw, pitch }),
  };
}

/** Adds a link from one scene to another at a view direction; with `both`, also the way back (facing behind). */
export function linkScenes<T extends Scenes>(tour: T, fromId: string, toId: string, at: { yaw: number; pitch: number }, both = true): T {
  const from = tour.images.find((image) => image.id === fromId);
  const to = tour.images.find((image) => image.id === toId);
  if (!from || !to || fromId === toId) return tour;
  const style = tour.defaultHotspotStyle;
  return {
    ...tour,
    images: tour.images.map((image) => {
      if (image.id === fromId) return { ...image, hotspots: [...image.hotspots, hotspotTo(to, style, at.yaw, at.pitch)] };
      if (both && image.id === toId && !image.hotspots.some((hotspot) => hotspot.image.id === fromId)) {
        return { ...image, hotspots: [...image.hotspots, hotspotTo(from, style, at.yaw + 180, at.pitch)] };
      }
      return image;
    }),
  };
}

export function unlinkScenes<T extends Scenes>(tour: T, fromId: string, hotspotId: string): T {
  return {
    ...tour,
    images: tour.images.map((image) => (image.id === fromId ? { ...image, hotspots: image.hotspots.filter((hotspot) => hotspot.id !== hotspotId) } : image)),
  };
}

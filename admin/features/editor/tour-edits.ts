import { coordsToYawPitch, yawPitchToCoords, type YawPitch } from '../../../api/schema/coords';
import {
  DEFAULT_INFO_STYLE,
  normaliseHyperlink,
  titleFromFileName,
  type Floorplan,
  type Hotspot,
  type Image,
  type Infospot,
  type TourInput,
} from '../../../api/schema/tour';
import type { ImageUpload } from '../../../api/schema/media';
import { keepRoomsIn } from '../floorplans/room-selector';
import { countOf } from '../../lib/count-of';

/**
 * Editor operations as small pure functions over the tour (as Excalidraw does). Each returns a new tour;
 * the server validates the result with the same schema on save.
 */
type Scenes = Pick<TourInput, 'images' | 'defaultHotspotStyle' | 'defaultHotspotImage'> & { floorplans?: Floorplan[] };

export interface UploadedPicture extends Omit<ImageUpload, 'image'> {
  fileName: string;
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

/**
 * Removes a scene and every link, floor-plan room and starting view for arrivals that led from or to it, so the
 * tour stays valid. The floor plans changed here still have to be written through their own routes.
 */
export function removeScene<T extends Scenes>(tour: T, sceneId: string): T {
  const images = tour.images
    .filter((image) => image.id !== sceneId)
    .map((image) => ({
      ...image,
      hotspots: image.hotspots.filter((hotspot) => hotspot.image.id !== sceneId),
      initialViewOverrides: image.initialViewOverrides.filter((entry) => entry.id !== sceneId),
    }));
  if (!tour.floorplans) return { ...tour, images };
  return { ...tour, images, floorplans: keepRoomsIn(tour.floorplans, new Set(images.map((image) => image.id))) };
}

/** What removing a scene takes with it, counted before it goes. */
export interface SceneRemoval {
  title: string;
  /** Links in other scenes that lead to it. */
  hotspots: number;
  /** Floor-plan rooms that lead to it, per plan. */
  rooms: { planName: string; count: number }[];
}

export function sceneRemoval(tour: Scenes, sceneId: string): SceneRemoval {
  const others = tour.images.filter((image) => image.id !== sceneId);
  return {
    title: tour.images.find((image) => image.id === sceneId)?.title ?? '',
    hotspots: others.reduce((sum, image) => sum + image.hotspots.filter((hotspot) => hotspot.image.id === sceneId).length, 0),
    rooms: (tour.floorplans ?? [])
      .map((plan) => ({ planName: plan.name, count: plan.hotspots.filter((spot) => spot.destinationSceneId === sceneId).length }))
      .filter((entry) => entry.count > 0),
  };
}

function inWords(parts: string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The links and rooms that go with a scene, in words ('' when none do). */
function whatLeadsThere(removal: SceneRemoval): string {
  return inWords([
    ...(removal.hotspots > 0 ? [countOf(removal.hotspots, 'hotspot')] : []),
    ...removal.rooms.map((entry) => `${countOf(entry.count, 'floor-plan room')} on "${entry.planName}"`),
  ]);
}

/** The question asked before a scene is removed. */
export function sceneRemovalQuestion(removal: SceneRemoval): string {
  const also = whatLeadsThere(removal);
  return `Delete scene "${removal.title}"?${also ? ` ${also} leading to it will be removed too.` : ''}`;
}

/** The notice after a scene was removed, naming what went with it. */
export function sceneRemovalNotice(removal: SceneRemoval): string {
  const also = whatLeadsThere(removal);
  return `Scene "${removal.title}" deleted${also ? `, with ${also} that led to it` : ''}.`;
}

/** Renames a scene and the copies of its title that links to it carry (the viewer labels hotspots with them). */
export function renameScene<T extends Scenes>(tour: T, sceneId: string, title: string): T {
  return {
    ...tour,
    images: tour.images.map((image) => {
      const renamed = image.id === sceneId ? { ...image, title } : image;
      // Scenes without such a link keep their hotspots list, so the editor's panorama does not redraw them.
      if (!image.hotspots.some((hotspot) => hotspot.image.id === sceneId)) return renamed;
      return {
        ...renamed,
        hotspots: image.hotspots.map((hotspot) => (hotspot.image.id === sceneId ? { ...hotspot, image: { ...hotspot.image, title } } : hotspot)),
      };
    }),
  };
}

/** Moves the scene at `from` to `to` (the sortable list). */
export function moveScene<T extends Scenes>(tour: T, from: number, to: number): T {
  const images = [...tour.images];
  const [moved] = images.splice(from, 1);
  images.splice(Math.max(0, Math.min(images.length, to)), 0, moved);
  return { ...tour, images };
}

/** What the hotspot form edits: the destination scene and how the link looks. */
export interface HotspotFields {
  destinationId: string;
  style: Hotspot['style'];
  /** The picture of style 4 (a library asset url). */
  customImageUrl: string;
  rotation: number;
}

/** What the infospot form edits. */
export type InfospotFields = Pick<Infospot, 'dataType' | 'data'>;

function sceneRef(target: Image): Hotspot['image'] {
  return { id: target.id, url: target.url, thumbUrl: target.thumbUrl, hotspotUrl: target.hotspotUrl, title: target.title };
}

function withScene<T extends Scenes>(tour: T, sceneId: string, edit: (image: Image) => Image): T {
  return { ...tour, images: tour.images.map((image) => (image.id === sceneId ? edit(image) : image)) };
}

/** Yaw kept within (-180, 180], the range pannellum reports. */
function wrapYaw(yaw: number): number {
  return 180 - ((((180 - yaw) % 360) + 360) % 360);
}

/**
 * Places a link in one scene to another at a view direction. With `wayBack`, the destination also gets a link
 * back (facing behind, in the default style) unless it already has one.
 */
export function placeHotspot<T extends Scenes>(
  tour: T,
  sceneId: string,
  fields: HotspotFields,
  at: YawPitch,
  wayBack = false,
  id: string = crypto.randomUUID(),
): T {
  const from = tour.images.find((image) => image.id === sceneId);
  const to = tour.images.find((image) => image.id === fields.destinationId);
  if (!from || !to || from === to) throw new Error('A hotspot links two different scenes of the tour.');
  const { destinationId: _, ...look } = fields;
  const hotspot: Hotspot = { id, image: sceneRef(to), ...look, coords: yawPitchToCoords(at) };
  const placed = withScene(tour, sceneId, (image) => ({ ...image, hotspots: [...image.hotspots, hotspot] }));
  if (!wayBack || to.hotspots.some((existing) => existing.image.id === sceneId)) return placed;
  const back: Hotspot = {
    id: crypto.randomUUID(),
    image: sceneRef(from),
    style: tour.defaultHotspotStyle,
    customImageUrl: tour.defaultHotspotImage,
    rotation: 0,
    coords: yawPitchToCoords({ yaw: wrapYaw(at.yaw + 180), pitch: at.pitch }),
  };
  return withScene(placed, to.id, (image) => ({ ...image, hotspots: [...image.hotspots, back] }));
}

export function updateHotspot<T extends Scenes>(tour: T, sceneId: string, hotspotId: string, fields: HotspotFields): T {
  const to = tour.images.find((image) => image.id === fields.destinationId);
  if (!to || to.id === sceneId) throw new Error('A hotspot links two different scenes of the tour.');
  const { destinationId: _, ...look } = fields;
  return withScene(tour, sceneId, (image) => ({
    ...image,
    hotspots: image.hotspots.map((hotspot) => (hotspot.id === hotspotId ? { ...hotspot, ...look, image: sceneRef(to) } : hotspot)),
  }));
}

/** A hyperlink without http:// or https:// gets http://. */
function cleanInfospot(fields: InfospotFields): InfospotFields {
  return fields.dataType === 'hyperLink' ? { ...fields, data: { ...fields.data, url: normaliseHyperlink(fields.data.url) } } : fields;
}

export function placeInfospot<T extends Scenes>(tour: T, sceneId: string, fields: InfospotFields, at: YawPitch, id: string = crypto.randomUUID()): T {
  const spot: Infospot = { id, coords: yawPitchToCoords(at), style: DEFAULT_INFO_STYLE, ...cleanInfospot(fields) };
  return withScene(tour, sceneId, (image) => ({ ...image, infospots: [...image.infospots, spot] }));
}

export function updateInfospot<T extends Scenes>(tour: T, sceneId: string, spotId: string, fields: InfospotFields): T {
  return withScene(tour, sceneId, (image) => ({
    ...image,
    infospots: image.infospots.map((spot) => (spot.id === spotId ? { ...spot, ...cleanInfospot(fields) } : spot)),
  }));
}

/** Moves a hotspot or an infospot of a scene (ids are unique within a scene) to a new direction. */
export function moveSpot<T extends Scenes>(tour: T, sceneId: string, spotId: string, at: YawPitch): T {
  const coords = yawPitchToCoords(at);
  return withScene(tour, sceneId, (image) => ({
    ...image,
    hotspots: image.hotspots.map((hotspot) => (hotspot.id === spotId ? { ...hotspot, coords } : hotspot)),
    infospots: image.infospots.map((spot) => (spot.id === spotId ? { ...spot, coords } : spot)),
  }));
}

/** The direction of a hotspot or an infospot of a scene. */
export function spotDirection(tour: Scenes, sceneId: string, spotId: string): YawPitch | undefined {
  const image = tour.images.find((candidate) => candidate.id === sceneId);
  const spot = image && [...image.hotspots, ...image.infospots].find((candidate) => candidate.id === spotId);
  return spot && coordsToYawPitch(spot.coords);
}

/** Turns a spot by some degrees (the keyboard's move): the pitch stops at the poles, the yaw goes round. */
export function nudgeSpot<T extends Scenes>(tour: T, sceneId: string, spotId: string, by: YawPitch): T {
  const at = spotDirection(tour, sceneId, spotId);
  if (!at) return tour;
  return moveSpot(tour, sceneId, spotId, { yaw: wrapYaw(at.yaw + by.yaw), pitch: Math.max(-90, Math.min(90, at.pitch + by.pitch)) });
}

export function removeSpot<T extends Scenes>(tour: T, sceneId: string, spotId: string): T {
  return withScene(tour, sceneId, (image) => ({
    ...image,
    hotspots: image.hotspots.filter((hotspot) => hotspot.id !== spotId),
    infospots: image.infospots.filter((spot) => spot.id !== spotId),
  }));
}

/** Field-of-view limits the schema accepts for cameraZoom. */
const MIN_ZOOM_DEG = 10;
const MAX_ZOOM_DEG = 140;

/** Stores a view as the scene's initial view (cameraPosition and cameraZoom). */
export function setInitialView<T extends Scenes>(tour: T, sceneId: string, view: YawPitch & { hfov: number }): T {
  const cameraZoom = Math.min(MAX_ZOOM_DEG, Math.max(MIN_ZOOM_DEG, view.hfov));
  return withScene(tour, sceneId, (image) => ({ ...image, cameraPosition: { yaw: wrapYaw(view.yaw), pitch: view.pitch }, cameraZoom }));
}

/**
 * Stores a view as where the scene starts for visitors arriving from `fromSceneId` (an initialViewOverrides
 * entry, replacing an earlier one for that scene); the field of view stays the scene's own.
 */
export function setArrivalView<T extends Scenes>(tour: T, sceneId: string, fromSceneId: string, view: YawPitch): T {
  const entry = { id: fromSceneId, cameraPosition: { yaw: wrapYaw(view.yaw), pitch: view.pitch } };
  return withScene(tour, sceneId, (image) => ({
    ...image,
    initialViewOverrides: [...image.initialViewOverrides.filter((candidate) => candidate.id !== fromSceneId), entry],
  }));
}

/** Visitors arriving from `fromSceneId` start at the scene's own initial view again. */
export function removeArrivalView<T extends Scenes>(tour: T, sceneId: string, fromSceneId: string): T {
  return withScene(tour, sceneId, (image) => ({ ...image, initialViewOverrides: image.initialViewOverrides.filter((entry) => entry.id !== fromSceneId) }));
}

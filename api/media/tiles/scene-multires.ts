import type { Image, SceneAnswer, SceneMultires } from '../../schema/tour';
import { PANORAMA_URL, panoramaImageOf, type SceneTilesState } from './scene-tiles.repository';

const ANY_STORED_PANORAMA = /\/tours\/([0-9a-f]{32})\.jpg\b/g;

/** The stored panoramas a tour's data names (its scenes', and the links' copies of them), once each. */
export function panoramasNamedIn(data: string): string[] {
  return [...new Set([...data.matchAll(ANY_STORED_PANORAMA)].map((match) => match[1]))];
}

/**
 * A scene as the tour answer carries it, with what its panorama's tiles say: pannellum's multires settings once they
 * are ready (the tiles' folder beside the panorama, so under MEDIA_BASE_URL when its address is), `tilesPreparing`
 * while they are queued or being cut, nothing otherwise (the original serves).
 */
export function sceneWithTiles(scene: Image, tiles: Map<string, SceneTilesState> | undefined): SceneAnswer {
  const image = panoramaImageOf(scene.url);
  const state = image && tiles?.get(image);
  if (!state) return scene;
  if (state === 'preparing') return { ...scene, tilesPreparing: true };
  const multires: SceneMultires = {
    basePath: scene.url.replace(PANORAMA_URL, `/tiles/${image}`),
    path: '/%l/%s%y_%x',
    fallbackPath: '/fallback/%s',
    extension: 'jpg',
    ...state,
  };
  return { ...scene, multires };
}

import type { Tour } from '../../api/schema/tour';
import { onOwnPage } from '../element/api-origin';
import { DEFAULT_FOV_DEG } from '../../api/schema/multires';
import type { PanoramaView } from '../video/contract';

/** Deep link `#scene=…&yaw=…&pitch=…&hfov=…`, read and kept up to date on the tour's own page. */
export function readViewHash(hash: string): Partial<PanoramaView> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const number = (key: string) => {
    const value = Number(params.get(key));
    return params.has(key) && Number.isFinite(value) ? value : undefined;
  };
  return { sceneId: params.get('scene') ?? undefined, yaw: number('yaw'), pitch: number('pitch'), hfov: number('hfov') };
}

export function viewHash(view: PanoramaView): string {
  const round = (value: number) => String(Math.round(value * 10) / 10);
  return `#scene=${encodeURIComponent(view.sceneId)}&yaw=${round(view.yaw)}&pitch=${round(view.pitch)}&hfov=${round(view.hfov)}`;
}

/** The scene a tour opens on: the one a deep link on the tour's own page names, else the first. */
export function openingSceneId(tour: Tour): string {
  const linked = onOwnPage() ? readViewHash(location.hash).sceneId : undefined;
  return tour.images.some((image) => image.id === linked) ? linked! : (tour.images[0]?.id ?? '');
}

/** The view a deep link on the tour's own page gives this scene, if it gives one. */
export function linkedView(sceneId: string): Omit<PanoramaView, 'sceneId'> | undefined {
  if (!onOwnPage()) return undefined;
  const view = readViewHash(location.hash);
  return view.sceneId === sceneId && view.yaw !== undefined ? { yaw: view.yaw, pitch: view.pitch ?? 0, hfov: view.hfov ?? DEFAULT_FOV_DEG } : undefined;
}

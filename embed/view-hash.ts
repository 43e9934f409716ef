import type { PanoramaView } from './video-chat-contract';

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

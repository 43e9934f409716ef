/** Why a scene's picture could not be had: the visitor is offline, the connection failed, or the server said no. */
export type SceneFailureReason = 'offline' | 'network' | 'refused';

export class PanoramaUnavailable extends Error {
  constructor(
    readonly url: string,
    readonly reason: SceneFailureReason,
    detail: string,
  ) {
    super(`The panorama ${url} could not be loaded (${detail}).`);
  }
}

/**
 * Downloads a scene's picture before pannellum is asked to show it: pannellum gives up its current scene as soon as
 * it starts loading the next, so a picture that cannot be had must be found out first. The whole body is read so
 * pannellum's own request for it is answered from the HTTP cache (media is served immutable). No credentials: the
 * media is public, and a partner page's cookies are none of its business.
 */
export async function fetchPanorama(url: string, signal?: AbortSignal): Promise<void> {
  let response: Response;
  try {
    // First in line: the visitor waits for it.
    response = await fetch(url, { mode: 'cors', credentials: 'omit', priority: 'high', signal });
    if (response.ok) await response.arrayBuffer();
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new PanoramaUnavailable(url, navigator.onLine ? 'network' : 'offline', err instanceof Error ? err.message : String(err));
  }
  if (!response.ok) throw new PanoramaUnavailable(url, 'refused', `HTTP ${response.status}`);
}

import type { ImageUpload } from '../../api/schema/media';
import type { SceneAnswer, SceneMultires } from '../../api/schema/tour';
import type { RunningServer } from '../../test/e2e/support/server';
import { call, publishTour } from './seed-tour';

/** How long the server may take to cut an uploaded picture's tiles in its background queue. */
const TILES_WAIT_MS = 5 * 60_000;

/** A published one-scene tour whose scene the server has cut into tiles, as a visitor reads it. */
export interface TiledTour {
  shortId: string;
  scene: SceneAnswer & { multires: SceneMultires };
}

/**
 * Uploads `picture` through the API as an owner does, saves a one-scene tour with it, publishes it with the operator
 * command and waits until the tour answer says the scene's tiles are ready (the server cuts them in the background).
 */
export async function tiledTour(server: RunningServer, picture: Buffer, name: string): Promise<TiledTour> {
  const { user } = await call<{ user: { token: string } }>(server, '/api/auth/guest', { body: {} });
  const created = await call<{ shortId: string; id: number; revision: number }>(server, '/api/tours', { token: user.token, body: {} });
  const upload = () => {
    const form = new FormData();
    form.set('tourId', String(created.id));
    form.set('image', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), `${name}.jpg`);
    return call<ImageUpload>(server, '/api/images', { token: user.token, form });
  };
  // Retried once on a network error, as the owners' app does; the server's last words are shown when it happens.
  const { url, thumbUrl, hotspotUrl, mobileUrl, width, height } = await upload().catch((err: unknown) => {
    if (!(err instanceof TypeError)) throw err;
    console.warn(`the ${name} upload failed (${String(err.cause ?? err)}); the server said:\n${server.output().slice(-2000)}`);
    return upload();
  });
  const scene = { id: 'view', title: name, url, thumbUrl, hotspotUrl, mobileUrl, width, height, uploaded: true, hotspots: [], infospots: [] };
  await call(server, `/api/tours/${created.shortId}`, { token: user.token, body: { name, title: name, images: [scene], revision: created.revision } });
  publishTour(server, created.shortId);
  const deadline = Date.now() + TILES_WAIT_MS;
  for (;;) {
    const opening = (await call<{ images: SceneAnswer[] }>(server, `/api/tours/${created.shortId}`)).images[0];
    if (opening.multires) return { shortId: created.shortId, scene: { ...opening, multires: opening.multires } };
    if (Date.now() > deadline) throw new Error(`the ${name} scene had no tiles after ${TILES_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

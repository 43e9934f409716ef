import { spawnSync } from 'node:child_process';
import type { RunningServer } from '../../test/e2e/support/server';

/** A published tour the way an owner builds one: scenes linked in a ring, info points, floor plans with rooms. */
export interface SeededTour {
  shortId: string;
  id: number;
  /** The owner's sign-in token. */
  token: string;
}

const SCENES = 12;
const FLOORPLANS = 3;

/** One API call as the bench's owner or visitor makes it: JSON in and out, or a form (an upload). */
export async function call<T>(
  server: RunningServer,
  path: string,
  init: { method?: string; token?: string; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const response = await fetch(`${server.origin}${path}`, {
    method: init.method ?? (init.body === undefined && init.form === undefined ? 'GET' : 'POST'),
    headers: { ...(init.form ? {} : { 'Content-Type': 'application/json' }), ...(init.token ? { Authorization: `JWT ${init.token}` } : {}) },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Makes `shortId` a paid, published tour with the operator command, on the server's database. */
export function publishTour(server: RunningServer, shortId: string, env: Record<string, string> = {}): void {
  const published = spawnSync(process.execPath, ['dist/api/admin.js', 'tour', shortId, 'paid'], {
    // The operator command works on the server's database: its DATA_DIR's, or the one its DATABASE_URL names.
    env: { ...process.env, ...env, DATA_DIR: server.dataDir },
    encoding: 'utf8',
  });
  if (published.status !== 0) throw new Error(`publishing the bench tour ${shortId} failed: ${published.stdout}${published.stderr}`);
}

/** Seeds the tour through the API, on the demo tour's pictures, and publishes it with the operator command. */
export async function seedTour(server: RunningServer, env: Record<string, string> = {}): Promise<SeededTour> {
  const demo = await call<{ images: Array<{ url: string; thumbUrl: string; hotspotUrl: string }> }>(server, '/api/tours/demo');
  const { user } = await call<{ user: { token: string } }>(server, '/api/auth/guest', { body: {} });
  const created = await call<{ shortId: string; id: number; revision: number }>(server, '/api/tours', { token: user.token, body: {} });
  const images = Array.from({ length: SCENES }, (_, i) => {
    const { url, thumbUrl, hotspotUrl } = demo.images[i % demo.images.length];
    const picture = { url, thumbUrl, hotspotUrl };
    const link = (to: number, x: number) => ({
      image: { id: `scene-${to}`, ...picture, title: `Room ${to + 1}` },
      style: 1,
      coords: { x, y: -80, z: 480 },
    });
    return {
      id: `scene-${i}`,
      title: `Room ${i + 1}`,
      ...picture,
      uploaded: true,
      width: 4096,
      height: 2048,
      hotspots: [link((i + 1) % SCENES, 300), link((i + SCENES - 1) % SCENES, -300)],
      infospots: [
        { coords: { x: 100, y: 40, z: -490 }, dataType: 'ext', data: { previewText: `What room ${i + 1} holds, as an owner would describe it.` } },
        { coords: { x: -200, y: 10, z: -450 }, dataType: 'hyperLink', data: { url: 'example.com/brochure' } },
      ],
    };
  });
  const tour = {
    name: 'Bench house',
    title: 'A house with twelve rooms',
    description: 'Seeded for the API bench.',
    images,
    config: { ambience: { name: 'Birds', audio: '/media/audio/birds.mp3' } },
    revision: created.revision,
  };
  await call(server, `/api/tours/${created.shortId}`, { token: user.token, body: tour });
  for (let plan = 0; plan < FLOORPLANS; plan++) {
    await call(server, `/api/floorplans/${created.id}`, {
      token: user.token,
      body: {
        name: `Floor ${plan}`,
        url: demo.images[0].url,
        thumbUrl: demo.images[0].thumbUrl,
        sortOrder: plan,
        hotspots: Array.from({ length: SCENES / FLOORPLANS }, (_, room) => ({
          coords: { x: 10 + room * 20, y: 50 },
          destinationSceneId: `scene-${plan * (SCENES / FLOORPLANS) + room}`,
          destinationTitle: `Room ${plan * (SCENES / FLOORPLANS) + room + 1}`,
        })),
      },
    });
  }
  publishTour(server, created.shortId, env);
  return { shortId: created.shortId, id: created.id, token: user.token };
}

import WebSocket from 'ws';
import type { Browser, Page } from 'playwright-core';
import type { ServerFrame } from '../api/schema/video';
import { CAMERA_TWEEN_MS, VIEW_SEND_INTERVAL_MS } from '../embed/video/follow-host';
import type { PanoramaView } from '../embed/video/contract';
import { launchChromium } from '../test/e2e/support/browser';
import { partnerPage, startPartnerSite } from '../test/e2e/support/partner-site';
import { removeDataDir, startServer } from '../test/e2e/support/server';
import { dragPanorama, mySid, viewOf, yawGap } from '../test/e2e/support/video-chat';
import { writeResult } from './support/results';

const SYNC_SAMPLES = 200;
const HOST_TURNS = 20;
/** The e2e tests' "lands where the host looks". */
const SYNC_TOLERANCE_DEG = 2;
const MESH_SIZES = [2, 3, 4];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Opens a control-plane connection as `identity` and waits for its welcome. */
async function controlClient(origin: string, identity: string, room: string) {
  const { token } = await (
    await fetch(`${origin}/api/mesh/video-token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identity, room }) })
  ).json();
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/rtc`);
  const frames: ServerFrame[] = [];
  const listeners = new Set<(frame: ServerFrame) => void>();
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    frames.push(frame);
    listeners.forEach((listener) => listener(frame));
  });
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'hello', version: 2, id: identity, token }));
  const welcome = await new Promise<Extract<ServerFrame, { type: 'welcome' }>>((resolve) => {
    const check = (frame: ServerFrame) => frame.type === 'welcome' && resolve(frame);
    frames.forEach(check);
    listeners.add(check);
  });
  return { socket, sid: welcome.participant.sid, listeners };
}

/**
 * Host-to-follower view sync over the control plane alone, on loopback: the time from the host sending a `scene`
 * message to the follower receiving it (followers then tween for 100 ms).
 */
async function viewSyncRelay(origin: string, room: string): Promise<number[]> {
  const host = await controlClient(origin, 'Host::bench', room);
  const follower = await controlClient(origin, 'Follower::bench', room);
  host.socket.send(JSON.stringify({ type: 'msg', body: { type: 'host', data: { hostSid: host.sid } } }));
  const latencies: number[] = [];
  for (let i = 0; i < SYNC_SAMPLES; i++) {
    const sent = performance.now();
    const received = new Promise<void>((resolve) => {
      const listener = (frame: ServerFrame) => {
        if (frame.type === 'msg' && frame.body.type === 'scene' && frame.body.data.fov === 60 + (i % 30)) {
          follower.listeners.delete(listener);
          resolve();
        }
      };
      follower.listeners.add(listener);
    });
    host.socket.send(
      JSON.stringify({
        type: 'msg',
        body: { type: 'scene', data: { sceneId: 'jordan-pond', coords: { x: Math.sin(i), y: 0, z: -Math.cos(i) }, fov: 60 + (i % 30) } },
      }),
    );
    await received;
    latencies.push(performance.now() - sent);
  }
  host.socket.close();
  follower.socket.close();
  return latencies;
}

/** A visitor in a browser context of their own on the chat page: name typed, Connect pressed. */
async function connect(browser: Browser, url: string, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 700 } })).newPage();
  // A <video autoplay> on an empty stream holds the load event forever (STACK.md).
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('#tour .vc-lobby').getByPlaceholder('Enter Your Name').fill(name);
  await page.locator('#tour .vc-lobby').getByRole('button', { name: 'Connect' }).click();
  return page;
}

/** Polls `read` until `done` holds; a hang guard, not a speed limit, names what never happened. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} never happened; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type ViewSample = [at: number, view: PanoramaView];

/**
 * Records the viewer's `view` every frame, stamped with `performance.timeOrigin + performance.now()`: both pages
 * live in one browser, so the stamps of host and follower are on one clock.
 */
const recordViews = (page: Page) =>
  page.locator('#tour').evaluate((viewer) => {
    const samples: ViewSample[] = [];
    (window as unknown as { viewSamples: ViewSample[] }).viewSamples = samples;
    // A loop of anonymous functions: tsx names named ones with a helper (__name) that the page does not have.
    void (async () => {
      for (;;) {
        await new Promise((frame) => requestAnimationFrame(frame));
        const view = (viewer as HTMLElement & { view?: PanoramaView }).view;
        if (view) samples.push([performance.timeOrigin + performance.now(), view]);
      }
    })();
  });

/** The samples recorded since the last take. */
const takeViews = (page: Page) => page.evaluate(() => (window as unknown as { viewSamples: ViewSample[] }).viewSamples.splice(0));

const near = (a: PanoramaView, b: PanoramaView) =>
  a.sceneId === b.sceneId && yawGap(a.yaw, b.yaw) <= SYNC_TOLERANCE_DEG && Math.abs(a.pitch - b.pitch) <= SYNC_TOLERANCE_DEG;

/** When the page arrived at `target`: the first sample from which on it stays within the tolerance. */
function arrival(samples: ViewSample[], target: PanoramaView): number {
  let from = samples.length;
  while (from > 0 && near(samples[from - 1][1], target)) from--;
  if (from === samples.length) throw new Error(`never arrived at ${JSON.stringify(target)}`);
  return samples[from][0];
}

/**
 * Host-to-follower view sync as a visitor sees it, in Chromium on the built viewer: the host drags the panorama
 * (alternately left and right, so the press keeps landing clear of hotspots) and, once both views have come to
 * rest, the time from the host's view arriving where it ends up to the follower's arriving there too.
 */
async function viewSyncEndToEnd(url: string): Promise<{ latencies: number[]; frameGaps: number[] }> {
  const browser = await launchChromium();
  try {
    const [host, follower] = [await connect(browser, url, 'Host'), await connect(browser, url, 'Follower')];
    const hostSid = await until(
      () => mySid(host),
      (sid) => !!sid?.startsWith('PA'),
      'the host getting a sid',
    );
    await until(
      () => mySid(follower),
      (sid) => !!sid?.startsWith('PA'),
      'the follower getting a sid',
    );
    await host.locator('#tour .vc-controls').getByRole('button', { name: 'Share' }).click();
    await follower.locator(`#tour .vc-tile[data-sid="${hostSid}"] [aria-label="Host"]`).waitFor();
    await host.locator('#tour .vc-controls').getByRole('button', { name: 'Stop Sharing' }).waitFor();
    const views = async () => ({ host: await viewOf(host), follower: await viewOf(follower) });
    const same = (a?: PanoramaView, b?: PanoramaView) => !!a && !!b && JSON.stringify(a) === JSON.stringify(b);
    /** Both views unchanged since the previous read, the follower's within the tolerance of the host's. */
    const resting = async () => {
      let before = await views();
      return until(
        views,
        (now) => {
          const rest = same(now.host, before.host) && same(now.follower, before.follower) && near(now.follower!, now.host!);
          before = now;
          return rest;
        },
        'the host and the follower coming to rest on one view',
      );
    };
    await resting();
    await Promise.all([recordViews(host), recordViews(follower)]);
    const latencies: number[] = [];
    const frameGaps: number[] = [];
    for (let turn = 0; turn < HOST_TURNS; turn++) {
      await Promise.all([takeViews(host), takeViews(follower)]);
      const start = (await viewOf(host))!;
      await dragPanorama(host, turn % 2 === 0 ? -0.15 : 0.15);
      const end = (await resting()).host!;
      if (yawGap(end.yaw, start.yaw) <= 5) throw new Error(`turn ${turn}: the drag did not turn the host (${start.yaw}° to ${end.yaw}°)`);
      const [hostViews, followerViews] = await Promise.all([takeViews(host), takeViews(follower)]);
      const [hostArrived, followerArrived] = [arrival(hostViews, end), arrival(followerViews, end)];
      latencies.push(followerArrived - hostArrived);
      // How often the follower's page drew while catching up: software WebGL beside two video streams draws slowly
      // on a small machine, and every step of the chain waits for a frame.
      const following = followerViews.filter(([at]) => at >= hostArrived && at <= followerArrived);
      frameGaps.push(...following.slice(1).map(([at], i) => at - following[i][0]));
    }
    return { latencies, frameGaps };
  } finally {
    await browser.close();
  }
}

/** Every participant's page decodes video from every other participant. */
async function allVideoFlowing(pages: Page[]): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const counts = await Promise.all(
      pages.map((page) =>
        page
          .locator('#tour .vc-tile:not(.vc-tile--local) video')
          .evaluateAll((videos) => videos.map((video) => (video as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames)),
      ),
    );
    if (counts.every((frames) => frames.length === pages.length - 1 && frames.every((n) => n > 0))) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

export async function benchVideo(): Promise<void> {
  const [server, partner] = await Promise.all([startServer(), startPartnerSite()]);
  try {
    const demo = await (await fetch(`${server.origin}/api/tours/demo`)).json();
    const relay = await viewSyncRelay(server.origin, String(demo.id));
    const url = partner.page(
      '/chat',
      partnerPage(server.origin, '<tour-viewer id="tour" short-id="demo" show-video-chat="1" loading="eager" style="height:600px"></tour-viewer>'),
    );
    const endToEnd = await viewSyncEndToEnd(url);
    let held = 0;
    for (const size of MESH_SIZES) {
      const browser = await launchChromium();
      try {
        const pages: Page[] = [];
        for (let i = 0; i < size; i++) pages.push(await connect(browser, url, `P${i}`));
        if (!(await allVideoFlowing(pages))) break;
        held = size;
      } finally {
        await browser.close();
      }
    }
    writeResult({
      name: 'video',
      viewSyncRelay: {
        what: 'control plane only: a scene message from the host socket to the follower socket through /api/rtc on loopback, no browser',
        samples: relay.length,
        p50Ms: Number(percentile(relay, 50).toFixed(2)),
        p95Ms: Number(percentile(relay, 95).toFixed(2)),
      },
      viewSyncEndToEnd: {
        what:
          "two Chromium pages on the built viewer, host and follower: the host drags the panorama; from the host's view (the <tour-viewer> view property, read every frame) arriving where it comes to rest to the follower's arriving within 2° of it. " +
          "Includes the host's per-frame sampling, the send throttle, the relay, the follower's tween and the frame each side waits to be read; " +
          'followerFrameMsP50 is how far apart the follower drew its frames meanwhile (software WebGL and video on this machine)',
        samples: endToEnd.latencies.length,
        p50Ms: Number(percentile(endToEnd.latencies, 50).toFixed(1)),
        p95Ms: Number(percentile(endToEnd.latencies, 95).toFixed(1)),
        followerFrameMsP50: Number(percentile(endToEnd.frameGaps, 50).toFixed(1)),
        sendThrottleMs: VIEW_SEND_INTERVAL_MS,
        followerTweenMs: CAMERA_TWEEN_MS,
      },
      mesh: { triedSizes: MESH_SIZES, participantsWithAllVideoFlowing: held, roomCap: 6 },
      // Video has no budget yet; this records the numbers for the next decisions.
      withinBudget: true,
    });
  } finally {
    await partner.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

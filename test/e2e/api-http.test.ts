import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { removeDataDir, startServer, tempDataDir, type RunningServer } from './support/server';

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

async function start(options: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer(options);
  servers.push(server);
  return server;
}

function post(origin: string, path: string, body: unknown, token?: string) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function ownerWithTour(origin: string) {
  const { user } = await (await post(origin, '/api/auth/signup', { name: 'Owner', email: `o${Date.now()}@example.com`, password: 'longenough' })).json();
  const tour = await (await fetch(`${origin}/api/tours`, { method: 'POST', headers: { Authorization: `JWT ${user.token}` } })).json();
  return { token: user.token as string, email: user.email as string, tour };
}

function uploadForm(bytes: Buffer, tourId: number): FormData {
  const form = new FormData();
  form.set('image', new File([new Uint8Array(bytes)], 'room.jpg'));
  form.set('tourId', String(tourId));
  return form;
}

describe('the API over real HTTP', () => {
  it('uploads a panorama, saves a password tour, gates visitors, and keeps tour, floor plan, asset, lead, showing, outbox and password across a restart', async () => {
    const dataDir = tempDataDir();
    const first = await start({ dataDir });
    const { token, tour } = await ownerWithTour(first.origin);
    const upload = await fetch(`${first.origin}/api/images/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token}` },
      body: uploadForm(await smallPanorama(), tour.id),
    });
    expect(upload.status).toBe(201);
    const picture = await upload.json();
    const saved = await post(
      first.origin,
      `/api/tours/${tour.shortId}`,
      {
        revision: tour.revision,
        title: 'Loft',
        privacy: 'Password',
        password: 'let me in',
        leadgen: { enabled: true },
        isScheduleEnabled: true,
        images: [{ id: 'hall', title: 'Hall', url: picture.url }],
      },
      token,
    );
    expect(saved.status).toBe(200);
    // Published with a free tour: a locked tour would show no scenes even after the password.
    expect((await post(first.origin, `/api/tours/${tour.shortId}/unlock/free`, {}, token)).status).toBe(200);
    const plan = { name: 'Ground', url: picture.url, hotspots: [{ coords: { x: 10, y: 20 }, destinationSceneId: 'hall' }] };
    expect((await post(first.origin, `/api/floorplans/${tour.id}`, plan, token)).status).toBe(201);
    const asset = await (await post(first.origin, '/api/assets', { name: 'Logo', url: picture.url, assetType: 'logo' }, token)).json();
    expect((await post(first.origin, `/api/leads/${tour.id}`, { email: 'lead@example.com', name: 'Lea' })).status).toBe(201);
    expect((await post(first.origin, `/api/tours/${tour.shortId}/requestShowing`, { name: 'Sam', email: 'sam@example.com' })).status).toBe(201);

    const visitor = await (await fetch(`${first.origin}/api/tours/${tour.shortId}`)).json();
    expect(visitor).toMatchObject({ locked: true, images: [] });
    const page = await (await fetch(`${first.origin}/tours/${tour.shortId}`)).text();
    expect(page).not.toContain(picture.image);
    expect((await post(first.origin, '/api/status/tours/password', { shortId: tour.shortId, password: 'nope' })).status).toBe(401);
    const unlocked = await post(first.origin, '/api/status/tours/password', { shortId: tour.shortId, password: 'let me in' });
    expect((await unlocked.json()).images[0].url).toBe(picture.url);

    await first.stop();
    const second = await start({ dataDir });
    const again = await (await fetch(`${second.origin}/api/tours/${tour.shortId}`, { headers: { Authorization: `JWT ${token}` } })).json();
    // The save and the floor plan each raised the revision.
    expect(again).toMatchObject({ title: 'Loft', revision: tour.revision + 2, floorplans: [{ name: 'Ground', hotspots: [{ destinationSceneId: 'hall' }] }] });
    expect((await fetch(`${second.origin}${picture.url}`)).status).toBe(200);
    const owned = async (path: string) => (await fetch(`${second.origin}${path}`, { headers: { Authorization: `JWT ${token}` } })).json();
    expect((await owned('/api/assets/'))[asset.assetId]).toMatchObject({ name: 'Logo' });
    expect((await owned(`/api/tours/${tour.shortId}/leads`)).items).toMatchObject([{ name: 'Lea' }]);
    expect((await owned(`/api/tours/${tour.shortId}/showings`)).items).toMatchObject([{ name: 'Sam' }]);
    // The lead and the showing request are each mailed to the owner (the address confirmation is kept out of the outbox).
    expect((await owned('/api/outbox')).total).toBe(2);
    expect((await post(second.origin, '/api/status/tours/password', { shortId: tour.shortId, password: 'let me in' })).status).toBe(200);
    await second.stop();
    removeDataDir(dataDir);
  });

  it('leaves no partial picture and a consistent database when killed during an upload', async () => {
    const dataDir = tempDataDir();
    const first = await start({ dataDir });
    const { token, tour } = await ownerWithTour(first.origin);
    const big = await smallPanorama(8000);
    const uploading = fetch(`${first.origin}/api/images/`, {
      method: 'POST',
      headers: { Authorization: `JWT ${token}` },
      body: uploadForm(big, tour.id),
    }).catch(() => undefined);
    // Kill as soon as the server is busy with the picture: some variants may be written, the original not yet.
    await new Promise((resolve) => setTimeout(resolve, 400));
    first.process.kill('SIGKILL');
    await uploading;
    await first.stop();

    const dir = join(dataDir, 'media', 'tours');
    const finals = existsSync(dir) ? readdirSync(dir).filter((name) => !name.endsWith('.tmp')) : [];
    for (const name of finals) {
      const meta = await sharp(join(dir, name), { failOn: 'truncated' }).stats();
      expect(meta.channels.length, name).toBeGreaterThan(0);
    }
    const check = spawnSync(process.execPath, [
      '-e',
      `const D=require('better-sqlite3');const d=new D(${JSON.stringify(join(dataDir, 'tours.sqlite'))});console.log(d.pragma('integrity_check',{simple:true}))`,
    ]);
    expect(check.stdout.toString().trim()).toBe('ok');

    const second = await start({ dataDir });
    expect(existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.tmp')) : []).toEqual([]);
    const stored = await (await fetch(`${second.origin}/api/tours/${tour.shortId}`, { headers: { Authorization: `JWT ${token}` } })).json();
    expect(stored.images).toEqual([]);
    await second.stop();
    removeDataDir(dataDir);
  });

  it('mails a showing request to the agent through a real SMTP server', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    const server = await start({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const { token, email, tour } = await ownerWithTour(server.origin);
    // The sign-up mailed its address confirmation.
    await expect.poll(() => received).toEqual([email.toLowerCase()]);
    received.length = 0;
    await post(
      server.origin,
      `/api/tours/${tour.shortId}`,
      { revision: tour.revision, agentEmail: 'agent@agency.example', leadgen: { enabled: true }, isNotifyEnabled: true, isScheduleEnabled: true },
      token,
    );
    const showing = await post(server.origin, `/api/tours/${tour.shortId}/requestShowing`, { name: 'Vera', email: 'vera@example.com' });
    expect(showing.status).toBe(201);
    await expect.poll(() => received).toEqual(['agent@agency.example']);
    expect(await (await fetch(`${server.origin}/api/tours/${tour.shortId}/joinChat`)).json()).toEqual({ notified: true });
    await expect.poll(() => received).toEqual(['agent@agency.example', email.toLowerCase()]);

    expect((await post(server.origin, `/api/leads/${tour.id}`, { email: 'v@example.com', name: 'V' })).status).toBe(201);
    const csv = await fetch(`${server.origin}/api/tours/${tour.shortId}/leads.csv`, { headers: { Authorization: `JWT ${token}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('"V","v@example.com"');
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('serves the demo tour’s share picture as a real JPEG and its media with long-lived cache headers', async () => {
    const server = await start();
    const shared = await fetch(`${server.origin}/api/tours/demo/meta/center.jpg`);
    expect(shared.status).toBe(200);
    expect(await sharp(Buffer.from(await shared.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const demo = await (await fetch(`${server.origin}/api/tours/demo`)).json();
    for (const url of [demo.images[0].url, demo.images[0].thumbUrl, demo.images[0].hotspotUrl]) {
      const media = await fetch(`${server.origin}${url}`, { headers: { Origin: 'https://partner.example' } });
      expect(media.status, url).toBe(200);
      expect(media.headers.get('cache-control')).toContain('immutable');
      expect(media.headers.get('access-control-allow-origin')).toBe('*');
    }
    await server.stop();
  });
});

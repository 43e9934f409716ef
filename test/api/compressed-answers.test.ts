import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { runOperatorCommand } from '../../api/billing/operator-commands';
import { createTestApp, type TestApp } from './support/test-app';
import { json, signUp, type TestUser } from './support/users';

// Phones on slow networks get the tour, its page and oEmbed compressed in the coding they take, every answer saying
// it varies on Accept-Encoding so caches in between keep the codings apart.

let t: TestApp;
let owner: TestUser;
let tour: { shortId: string; revision: number };

/** Enough scenes for an answer well above the size worth compressing. */
const SCENES = Array.from({ length: 12 }, (_, i) => ({ id: `room-${i}`, title: `Room ${i} with a view of the lake`, url: `/media/tours/room-${i}.jpg` }));

async function save(title: string) {
  const saved = await t.app.request(`/api/tours/${tour.shortId}`, json({ revision: tour.revision, title, images: SCENES }, owner.auth));
  expect(saved.status).toBe(200);
  tour = await saved.json();
}

beforeEach(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
  await save('Lake house');
  expect(await runOperatorCommand(t.db, ['tour', tour.shortId, 'paid'])).toMatchObject({ code: 0 });
});

const get = (path: string, acceptEncoding?: string) => t.app.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

async function bodyOf(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const coding = response.headers.get('Content-Encoding');
  return (coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
}

describe('GET /api/tours/{shortId}', () => {
  it('answers brotli, else gzip, else plain, the same tour each way, and varies on Accept-Encoding', async () => {
    const plain = await get(`/api/tours/${tour.shortId}`);
    expect(plain.headers.get('Content-Encoding')).toBe(null);
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    const text = await plain.text();
    expect(JSON.parse(text)).toMatchObject({ title: 'Lake house', images: SCENES.map((scene) => expect.objectContaining({ id: scene.id })) });
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const answer = await get(`/api/tours/${tour.shortId}`, accept);
      expect(answer.headers.get('Content-Encoding'), accept).toBe(coding);
      expect(answer.headers.get('Vary')).toBe('Accept-Encoding');
      expect(await bodyOf(answer)).toBe(text);
    }
  });

  it('compresses the tour as it is now after a save', async () => {
    expect(JSON.parse(await bodyOf(await get(`/api/tours/${tour.shortId}`, 'br')))).toMatchObject({ title: 'Lake house' });
    await save('Lake house, renovated');
    const answer = await get(`/api/tours/${tour.shortId}`, 'br');
    expect(answer.headers.get('Content-Encoding')).toBe('br');
    expect(JSON.parse(await bodyOf(answer))).toMatchObject({ title: 'Lake house, renovated' });
  });

  it('keeps the owner’s and the visitor’s compressed answers apart', async () => {
    const saved = await t.app.request(`/api/tours/${tour.shortId}`, json({ ...tour, images: SCENES, agentEmail: 'agent@example.com' }, owner.auth));
    expect(saved.status).toBe(200);
    const visitor = JSON.parse(await bodyOf(await get(`/api/tours/${tour.shortId}`, 'br')));
    const own = JSON.parse(await bodyOf(await t.app.request(`/api/tours/${tour.shortId}`, { headers: { ...owner.auth, 'Accept-Encoding': 'br' } })));
    expect(own.agentEmail).toBe('agent@example.com');
    expect(visitor.agentEmail ?? '').toBe('');
  });
});

describe('the tour page and oEmbed', () => {
  it('compress the page per request and vary on Accept-Encoding', async () => {
    const plain = await get(`/tours/${tour.shortId}`);
    expect(plain.headers.get('Vary')).toContain('Accept-Encoding');
    const html = await plain.text();
    expect(html).toContain('Lake house');
    for (const coding of ['br', 'gzip']) {
      const answer = await get(`/tours/${tour.shortId}`, coding);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Encoding')).toBe(coding);
      expect(answer.headers.get('Content-Length')).toBe(null);
      expect(await bodyOf(answer)).toBe(html);
    }
    const missing = await get('/tours/nope', 'br');
    expect(missing.status).toBe(404);
    expect(await bodyOf(missing)).toContain('<html');
  });

  it('answers oEmbed in the coding asked when it is worth it, always varying on Accept-Encoding', async () => {
    const url = encodeURIComponent(`http://localhost/tours/${tour.shortId}`);
    const plain = await get(`/oembed?url=${url}`);
    expect(plain.headers.get('Vary')).toContain('Accept-Encoding');
    const text = await plain.text();
    const answer = await get(`/oembed?url=${url}`, 'gzip');
    expect(answer.headers.get('Vary')).toContain('Accept-Encoding');
    expect(await bodyOf(answer)).toBe(text);
    expect(JSON.parse(text)).toMatchObject({ type: 'rich', title: 'Lake house' });
  });
});

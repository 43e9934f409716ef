import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { smallPanorama } from '../support/pictures';
import { createTestApp } from './support/test-app';
import { signUp } from './support/users';

describe('stored media and built files', () => {
  it('serves a stored file for a year, and answers a missing one with a 404 in the error shape that no cache keeps', async () => {
    const t = await createTestApp();
    const owner = await signUp(t, 'Owner');
    const form = new FormData();
    form.set('file', new File([new Uint8Array(await smallPanorama(400))], 'logo.jpg'));
    const { url } = await (await t.app.request('/api/assets/upload', { method: 'POST', body: form, headers: owner.auth })).json();
    const stored = await t.app.request(url);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('Cache-Control')).toContain('immutable');

    const missing = await t.app.request('/media/assets/0123456789abcdef0123456789abcdef.jpg');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    expect(await missing.json()).toMatchObject({ error: { code: 'NotFound' } });
  });

  it('answers a missing viewer chunk with a 404, while other page addresses still get the owners app', async () => {
    const t = await createTestApp();
    const chunk = await t.app.request('/embed/no-such-chunk.js');
    expect(chunk.status).toBe(404);
    expect(chunk.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    const page = await t.app.request('/dashboard');
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toContain('text/html');
  });

  it('serves the viewer compressed at build time: brotli or gzip as the client takes it, the same script either way', async () => {
    const t = await createTestApp();
    const built = readFileSync('dist/embed/tour-viewer.js');
    const answers = new Map<string, Response>();
    for (const encoding of ['br, gzip', 'gzip', 'br;q=0, gzip', '']) {
      const response = await t.app.request('/embed/tour-viewer.js', { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
      expect(response.status, encoding).toBe(200);
      expect(response.headers.get('Vary'), encoding).toBe('Accept-Encoding');
      expect(response.headers.get('Access-Control-Allow-Origin'), encoding).toBe('*');
      expect(response.headers.get('Cache-Control'), encoding).toBe('public, max-age=300');
      expect(response.headers.get('ETag'), encoding).toMatch(/^"[^"]+"$/);
      answers.set(encoding, response);
    }
    const br = answers.get('br, gzip')!;
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(built)).toBe(true);
    for (const encoding of ['gzip', 'br;q=0, gzip']) {
      const gzip = answers.get(encoding)!;
      expect(gzip.headers.get('Content-Encoding'), encoding).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(built), encoding).toBe(true);
    }
    const plain = answers.get('')!;
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(built)).toBe(true);
    // Each body is a representation of its own, so each has its own tag.
    expect(new Set([...answers.values()].map((response) => response.headers.get('ETag'))).size).toBe(3);
  });

  it('answers a repeated request with the tag it was given by 304 without a body, for the viewer and the owners app', async () => {
    const t = await createTestApp();
    for (const path of ['/embed/tour-viewer.js', '/admin/admin.js', '/dashboard']) {
      const first = await t.app.request(path, { headers: { 'Accept-Encoding': 'gzip' } });
      const tag = first.headers.get('ETag')!;
      expect(first.headers.get('Content-Encoding'), path).toBe('gzip');
      const again = await t.app.request(path, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': tag } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      expect(again.headers.get('ETag'), path).toBe(tag);
      expect(again.headers.get('Vary'), path).toBe('Accept-Encoding');
      // A tag of another representation (here the brotli one) is not this body's: the full answer comes.
      const other = await t.app.request(path, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': tag } });
      expect(other.status, path).toBe(200);
    }
    const viewer = await t.app.request('/embed/tour-viewer.js', { headers: { 'Accept-Encoding': 'gzip' } });
    const notModified = await t.app.request('/embed/tour-viewer.js', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': viewer.headers.get('ETag')! } });
    // Partner pages revalidate cross-origin: the 304 keeps CORS and the entry's short cache.
    expect(notModified.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(notModified.headers.get('Cache-Control')).toBe('public, max-age=300');
  });

  it('answers paths that are malformed or lead out of the build with a 404, never a file elsewhere', async () => {
    const t = await createTestApp();
    for (const path of ['/embed/..%2f..%2fpackage.json', '/embed/%2e%2e/%2e%2e/package.json', '/admin/..%2F..%2Fpackage.json', '/embed/%E0%A4%A.js']) {
      const answer = await t.app.request(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.json(), path).toMatchObject({ error: { code: 'NotFound' } });
    }
  });

  it("has browsers check the owners' app again at each visit: its files keep their names across deploys", async () => {
    const t = await createTestApp();
    for (const path of ['/admin/admin.js', '/dashboard', '/']) {
      const answer = await t.app.request(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('Cache-Control'), path).toBe('no-cache');
      expect(answer.headers.get('ETag'), path).toBeTruthy();
    }
  });

  it("serves the element's stylesheet beside its script, cross-origin, with the entry's short cache", async () => {
    const t = await createTestApp();
    const css = await t.app.request('/embed/tour-viewer.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('Content-Type')).toContain('text/css');
    expect(css.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(css.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(await css.text()).toMatch(/tour-viewer\s*\{[^}]*display:\s*block;[^}]*aspect-ratio:\s*16 \/ 9;/);
  });

  it("serves the element's TypeScript declarations and custom elements manifest beside its script", async () => {
    const t = await createTestApp();
    for (const [path, type] of [
      ['/embed/tour-viewer.d.ts', 'text/plain'],
      ['/embed/tour-viewer-react.d.ts', 'text/plain'],
      ['/embed/custom-elements.json', 'application/json'],
    ]) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Content-Type'), path).toContain(type);
      expect(response.headers.get('Access-Control-Allow-Origin'), path).toBe('*');
      expect(await response.text(), path).toContain('tour-viewer');
    }
  });
});

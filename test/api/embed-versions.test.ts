import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { createTestApp } from './support/test-app';

const entry = () => readFileSync('dist/embed/tour-viewer.js');
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A later deploy: the same data, another build of the viewer (its entry changed). */
function laterDeploy(): string {
  const root = mkdtempSync(join(tmpdir(), 'tour-deploy-'));
  roots.push(root);
  cpSync('package.json', join(root, 'package.json'));
  mkdirSync(join(root, 'dist'));
  cpSync(resolve('dist/embed'), join(root, 'dist', 'embed'), { recursive: true });
  appendFileSync(join(root, 'dist', 'embed', 'tour-viewer.js'), '\n// a later build\n');
  rmSync(join(root, 'dist', 'embed', 'tour-viewer.js.br'));
  rmSync(join(root, 'dist', 'embed', 'tour-viewer.js.gz'));
  return root;
}

describe('versioned viewer builds (/embed/versions.json, /embed/v/{version}/…)', () => {
  it("lists this server's build with its Subresource Integrity, and serves it immutable, compressed as asked, chunks too", async () => {
    const t = await createTestApp();
    const answer = await t.app.request('/embed/versions.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const { current, versions } = await answer.json();
    expect(current).toMatch(/^[0-9a-f]{16}$/);
    expect(versions).toEqual([
      {
        version: current,
        integrity: `sha384-${createHash('sha384').update(entry()).digest('base64')}`,
        packageVersion: JSON.parse(readFileSync('package.json', 'utf8')).version,
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);

    const plain = await t.app.request(`/embed/v/${current}/tour-viewer.js`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('Content-Type')).toContain('javascript');
    expect(plain.headers.get('Cache-Control')).toContain('immutable');
    expect(plain.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(Buffer.from(await plain.arrayBuffer()).equals(entry())).toBe(true);
    const brotli = await t.app.request(`/embed/v/${current}/tour-viewer.js`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(brotli.headers.get('Content-Encoding')).toBe('br');
    expect(brotli.headers.get('Vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).equals(entry())).toBe(true);
    const refused = await t.app.request(`/embed/v/${current}/tour-viewer.js`, { headers: { 'Accept-Encoding': 'br;q=0' } });
    expect(refused.headers.get('Content-Encoding')).toBe(null);

    const chunk = /chunks\/[\w.-]+\.js/.exec(entry().toString('utf8'))![0];
    const lazy = await t.app.request(`/embed/v/${current}/${chunk}`);
    expect(lazy.status).toBe(200);
    expect(Buffer.from(await lazy.arrayBuffer()).equals(readFileSync(`dist/embed/${chunk}`))).toBe(true);
    const stylesheet = await t.app.request(`/embed/v/${current}/tour-viewer.css`);
    expect(stylesheet.headers.get('Content-Type')).toContain('text/css');
  });

  it('keeps serving an earlier build after a deploy, and lists both, newest first', async () => {
    const t = await createTestApp();
    const first = (await (await t.app.request('/embed/versions.json')).json()).current as string;
    const deployed = createApp({ db: t.db, config: t.config, media: t.media, rootDir: laterDeploy() });
    const after = await (await deployed.request('/embed/versions.json')).json();
    expect(after.current).not.toBe(first);
    expect(after.versions.map((build: { version: string }) => build.version)).toEqual([after.current, first]);
    const pinned = await deployed.request(`/embed/v/${first}/tour-viewer.js`);
    expect(pinned.status).toBe(200);
    expect(Buffer.from(await pinned.arrayBuffer()).equals(entry())).toBe(true);
    const latest = await deployed.request(`/embed/v/${after.current}/tour-viewer.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(latest.headers.get('Content-Encoding'), 'the later build had no compressed entry').toBe(null);
    expect(await latest.text()).toContain('// a later build');
  });

  it('answers an unknown version, a malformed one and a path out of the build with a 404 in the error shape that no cache keeps', async () => {
    const t = await createTestApp();
    const { current } = await (await t.app.request('/embed/versions.json')).json();
    for (const path of [
      '/embed/v/0123456789abcdef/tour-viewer.js',
      '/embed/v/latest/tour-viewer.js',
      `/embed/v/${current}/../${current}.json`,
      `/embed/v/${current}/nope.js`,
    ]) {
      const answer = await t.app.request(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('Cache-Control') ?? '', path).not.toContain('immutable');
      expect(await answer.json(), path).toMatchObject({ error: { code: 'NotFound' } });
    }
  });
});

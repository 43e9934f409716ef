import { describe, expect, it } from 'vitest';
import { removeDataDir, startServer } from './support/server';

describe('the server process', () => {
  it('seeds the demo tour once, keeps it across restarts, and shuts down cleanly on SIGTERM', async () => {
    const first = await startServer();
    const demo = await (await fetch(`${first.origin}/api/tours/demo`)).json();
    expect(demo.images).toHaveLength(3);
    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('SIGTERM: closing');

    const second = await startServer({ dataDir: first.dataDir });
    const again = await (await fetch(`${second.origin}/api/tours/demo`)).json();
    expect(again.id).toBe(demo.id);
    expect(again.images.map((image: { url: string }) => image.url)).toEqual(demo.images.map((image: { url: string }) => image.url));
    const picture = await fetch(`${second.origin}${again.images[0].url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(await second.stop()).toBe(0);
    removeDataDir(first.dataDir);
  });

  it('serves the admin app for its page addresses and the demo partner page', async () => {
    const server = await startServer();
    for (const path of ['/', '/dashboard', '/tours/demo/edit', '/not-found']) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<div id="root">');
    }
    const partner = await fetch(`${server.origin}/demo/`);
    expect(await partner.text()).toContain('<tour-viewer short-id="demo">');
    await server.stop();
    removeDataDir(server.dataDir);
  });
});

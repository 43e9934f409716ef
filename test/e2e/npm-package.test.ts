import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRig } from './support/rig';
import { RECORD_EVENTS, waitForEvent } from './support/viewer-page';

const rig = testRig({ partner: true });

const PACKAGE = '@tour-platform/viewer';

/** A site that installed the packed package, as an integrator's project would. */
let site: string;

function node(script: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: site, encoding: 'utf8' });
}

beforeAll(async () => {
  const work = mkdtempSync(join(tmpdir(), 'tour-npm-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', resolve('dist/npm'), '--pack-destination', work, '--json'], { encoding: 'utf8' }));
  site = join(work, 'site');
  mkdirSync(site);
  writeFileSync(join(site, 'package.json'), JSON.stringify({ name: 'listing-site', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(work, packed[0].filename)], { cwd: site, stdio: 'ignore' });
});

afterAll(() => {
  if (site) rmSync(resolve(site, '..'), { recursive: true, force: true });
});

describe('the npm package (npm pack dist/npm, issue 28)', () => {
  it('installs with its manifest, types, stylesheet and README, versioned with the product', () => {
    const installed = join(site, 'node_modules', PACKAGE);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: PACKAGE,
      version: JSON.parse(readFileSync('package.json', 'utf8')).version,
      types: './tour-viewer.d.ts',
      customElements: 'custom-elements.json',
      exports: { '.': { types: './tour-viewer.d.ts', default: './tour-viewer.js' }, './react': { types: './tour-viewer-react.d.ts' } },
    });
    for (const file of ['tour-viewer.js', 'tour-viewer.css', 'tour-viewer.d.ts', 'tour-viewer-react.d.ts', 'custom-elements.json', 'README.md']) {
      expect(readFileSync(join(installed, file), 'utf8').length, file).toBeGreaterThan(0);
    }
  });

  it('runs nothing and defines nothing when imported in Node, and a server render (as Next does) writes the element', () => {
    expect(
      JSON.parse(node(`await import('${PACKAGE}'); console.log(JSON.stringify({ customElements: typeof customElements, window: typeof window }));`)),
    ).toEqual({
      customElements: 'undefined',
      window: 'undefined',
    });
    for (const name of ['react', 'react-dom']) symlinkSync(resolve('node_modules', name), join(site, 'node_modules', name));
    const html = node(`import '${PACKAGE}';
      import { createElement } from 'react';
      import { renderToString } from 'react-dom/server';
      console.log(renderToString(createElement('tour-viewer', { 'short-id': 'demo', server: 'https://tours.example.com' })));`);
    expect(html.trim()).toBe('<tour-viewer short-id="demo" server="https://tours.example.com"></tour-viewer>');
  });

  it('defines <tour-viewer> when a browser imports it, and shows the tour of the server it names', async () => {
    const modules = rig.partner.folder('/node_modules/', join(site, 'node_modules'));
    const url = rig.partner.page(
      '/bundled',
      `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="${modules}${PACKAGE}/tour-viewer.css">${RECORD_EVENTS}</head>
      <body><tour-viewer id="tour" short-id="demo" server="${rig.server.origin}"></tour-viewer>
      <script type="module">import '${modules}${PACKAGE}/tour-viewer.js';</script></body></html>`,
    );
    const page = await rig.browser.newPage({ viewport: { width: 900, height: 700 } });
    await page.goto(url);
    const loaded = await waitForEvent(page, 'tour-load');
    expect(loaded.detail.shortId).toBe('demo');
    expect(await page.evaluate(() => typeof customElements.get('tour-viewer'))).toBe('function');
    await page.close();
  });
});

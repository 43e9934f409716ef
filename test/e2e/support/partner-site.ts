import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { freePort } from './server';

const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

export interface PartnerSite {
  origin: string;
  /** Serves `html` at `path` on the partner's origin, with extra response headers if given (a CSP, say). */
  page: (path: string, html: string, headers?: Record<string, string>) => string;
  /** Serves the files of `dir` under `prefix` (a copy of the viewer the partner hosts or a CDN serves); answers the address. */
  folder: (prefix: string, dir: string) => string;
  close: () => Promise<void>;
}

/** A partner's web site on its own origin (another port), serving whatever pages a test gives it. */
export async function startPartnerSite(): Promise<PartnerSite> {
  const pages = new Map<string, { html: string; headers: Record<string, string> }>();
  const folders = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const folder = [...folders].find(([prefix]) => path.startsWith(prefix));
    if (folder) {
      const file = join(folder[1], normalize(path.slice(folder[0].length)));
      void readFile(file).then(
        (bytes) => res.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(bytes),
        () => res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end('not found'),
      );
      return;
    }
    const page = pages.get(path);
    res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', ...page?.headers });
    res.end(page?.html ?? 'not found');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // 127.0.0.1 versus the API's localhost: a different origin, as a partner's site would be.
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    page: (path, html, headers = {}) => {
      pages.set(path, { html, headers });
      return `${origin}${path}`;
    },
    folder: (prefix, dir) => {
      folders.set(prefix, dir);
      return `${origin}${prefix}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The snippet a partner pastes, with whatever else the page needs around it. */
export function partnerPage(apiOrigin: string, body: string, head = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}
<script type="module" src="${apiOrigin}/embed/tour-viewer.js"></script></body></html>`;
}

import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppEnv } from './app-env';
import { embedVersionsRoutes } from './embed/embed-versions.routes';
import { ApiError } from './errors';
import { IMMUTABLE_CACHE_CONTROL as IMMUTABLE, type MediaStorage } from './media/media-storage';

/**
 * A file that is not there is a 404 in the one error shape; without this the admin page of the history fallback
 * would answer, with a 200 and, under /media, a year-long cache.
 */
function missingFile(): never {
  throw new ApiError(404, 'NotFound', 'No such file.');
}

/**
 * The ETag of the file actually sent: the build writes each compressed variant as a file of its own, so the plain,
 * gzip and brotli bodies get different tags from their own size and modification time, with no hashing per request.
 */
function tagFile(path: string, c: Context): void {
  const stats = statSync(path);
  c.header('ETag', `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}"`);
}

/** Built files: the gzip or brotli variant written at build time when the client takes it, with ETags and 304s. */
function builtFiles(options: { root: string } | { path: string }): MiddlewareHandler<AppEnv> {
  return serveStatic({ ...options, precompressed: true, onFound: tagFile });
}

/** Every answer for a built file depends on Accept-Encoding, the plain one too, so shared caches keep them apart. */
const varyByEncoding: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.ok || c.res.status === 304) c.header('Vary', 'Accept-Encoding');
};

/** Built viewer, admin SPA, demo page and stored media, all from one origin. */
export function staticRoutes(rootDir: string, media: MediaStorage): Hono<AppEnv> {
  const dist = join(rootDir, 'dist');
  const app = new Hono<AppEnv>();

  app.use('/embed/*', async (c, next) => {
    await next();
    // Partner pages load the viewer and its chunks cross-origin as module scripts, which needs CORS.
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    // The entry, its stylesheet and types keep their names for partners' pages (the moving alias); the hashed chunks
    // and the versioned builds (/embed/v/…) never change.
    // TypeScript declarations for partners' projects, which a file-name lookup would take for an MPEG stream (.ts).
    if (c.req.path.endsWith('.d.ts') && c.res.ok) c.header('Content-Type', 'text/plain; charset=utf-8');
    if (c.res.ok || c.res.status === 304) {
      c.header('Cache-Control', /^\/embed\/[^/]+$/.test(c.req.path) ? 'public, max-age=300' : IMMUTABLE);
    }
  });
  app.route('/embed', embedVersionsRoutes(rootDir, media));
  app.get('/embed/*', varyByEncoding, etag(), builtFiles({ root: dist }), missingFile);

  app.use('/media/*', async (c, next) => {
    await next();
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (c.res.ok) c.header('Cache-Control', IMMUTABLE);
  });
  app.get('/media/*', media.serve(), missingFile);

  app.get('/demo/*', serveStatic({ root: rootDir }));

  // The admin's files keep their names across deploys: browsers ask again (a 304 by its ETag) at each visit, so a
  // deploy reaches every owner at once.
  const adminCache: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.res.ok || c.res.status === 304) c.header('Cache-Control', 'no-cache');
  };
  app.get('/admin/*', adminCache, varyByEncoding, etag(), builtFiles({ root: dist }), missingFile);
  // History fallback: a page address (no file extension) is a route of the admin SPA; a missing file is a 404.
  app.get('*', (c, next) => (/\.[^/]*$/.test(c.req.path) ? missingFile() : next()));
  app.get('*', adminCache, varyByEncoding, etag(), builtFiles({ path: join(dist, 'admin', 'index.html') }));
  return app;
}

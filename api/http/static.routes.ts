import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { join } from 'node:path';
import type { AppEnv } from '../app-env';
import { builtFiles } from './built-files';
import { embedVersionsRoutes } from '../embed/embed-versions.routes';
import { ApiError } from './errors';
import { IMMUTABLE_CACHE_CONTROL as IMMUTABLE, type MediaStorage } from '../media/media-storage';
import { brandedAdminPage } from '../pages/admin-page';

/**
 * A file that is not there is a 404 in the one error shape; without this the admin page of the history fallback
 * would answer, with a 200 and, under /media, a year-long cache.
 */
function missingFile(): never {
  throw new ApiError(404, 'NotFound', 'No such file.');
}

/** Built viewer, admin SPA, demo page and stored media, all from one origin. */
export function staticRoutes(rootDir: string, media: MediaStorage, siteName: string): Hono<AppEnv> {
  const dist = join(rootDir, 'dist');
  const app = new Hono<AppEnv>();

  // Partner pages load the viewer and its chunks cross-origin as module scripts, which needs CORS. The entry, its
  // stylesheet and types keep their names for partners' pages (the moving alias); the hashed chunks and the
  // versioned builds (/embed/v/…) never change.
  const embedHeaders = (path: string) => ({
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Cache-Control': /^\/embed\/[^/]+$/.test(path) ? 'public, max-age=300' : IMMUTABLE,
  });
  const kept = embedVersionsRoutes(rootDir, media);
  app.on('GET', ['/embed/v/*', '/embed/versions.json'], async (c, next) => {
    await next();
    if (c.res.ok || c.res.status === 304) for (const [name, value] of Object.entries(embedHeaders(c.req.path))) c.header(name, value);
  });
  app.route('/embed', kept);
  app.get('/embed/*', builtFiles({ root: dist, headers: embedHeaders }), missingFile);

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
  const adminHeaders = () => ({ 'Cache-Control': 'no-cache' });
  app.get('/admin/*', builtFiles({ root: dist, headers: adminHeaders }), missingFile);
  // History fallback: a page address (no file extension) is a route of the admin SPA; a missing file is a 404.
  app.get('*', (c, next) => (/\.[^/]*$/.test(c.req.path) ? missingFile() : next()));
  app.get('*', builtFiles({ file: join(dist, 'admin', 'index.html'), headers: adminHeaders, rewrite: (html) => brandedAdminPage(html, siteName) }));
  return app;
}

import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { join } from 'node:path';
import type { AppEnv } from './app-env';
import { ApiError } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A file that is not there is a 404 in the one error shape; without this the admin page of the history fallback
 * would answer, with a 200 and, under /media, a year-long cache.
 */
function missingFile(): never {
  throw new ApiError(404, 'NotFound', 'No such file.');
}

/** Built viewer, admin SPA, demo page and stored media, all from one origin. */
export function staticRoutes(rootDir: string, dataDir: string): Hono<AppEnv> {
  const dist = join(rootDir, 'dist');
  const app = new Hono<AppEnv>();

  app.use('/embed/*', compress(), async (c, next) => {
    await next();
    // Partner pages load the viewer and its chunks cross-origin as module scripts, which needs CORS.
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    // The entry keeps its name for partners' script tags; the hashed chunks never change.
    if (c.res.ok) c.header('Cache-Control', /\/tour-viewer\.js$/.test(c.req.path) ? 'public, max-age=300' : IMMUTABLE);
  });
  app.get('/embed/*', serveStatic({ root: dist }), missingFile);

  app.use('/media/*', async (c, next) => {
    await next();
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (c.res.ok) c.header('Cache-Control', IMMUTABLE);
  });
  app.get(
    '/media/*',
    serveStatic({ root: join(dataDir, 'media'), rewriteRequestPath: (path) => path.replace(/^\/media/, '') }),
    missingFile,
  );

  app.get('/demo/*', serveStatic({ root: rootDir }));

  app.use('/admin/*', compress());
  app.get('/admin/*', serveStatic({ root: dist }));
  // History fallback: every other page address is a route of the admin SPA.
  app.get('*', compress(), serveStatic({ path: join(dist, 'admin', 'index.html') }));
  return app;
}

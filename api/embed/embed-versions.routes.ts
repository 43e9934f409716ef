import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/errors';
import { acceptedEncodings } from '../http/compression';
import type { MediaStorage } from '../media/media-storage';
import { EMBED_BUILDS_FOLDER, keepEmbedBuild, keptEmbedBuilds, type EmbedBuild } from './embed-builds';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
};

/** The compressed variants the build writes beside each file, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

const VERSION = /^[0-9a-f]{16}$/;

function notKept(): never {
  throw new ApiError(404, 'NotFound', 'No such version of the viewer.');
}

/**
 * `/embed/versions.json` and the versioned, immutable viewer `/embed/v/{version}/…`: this server's build is kept in
 * the media store the first time either is asked for, beside every build kept before, so a pinned version keeps
 * working across deploys. (The /embed middleware adds the CORS and cache headers.)
 */
export function embedVersionsRoutes(rootDir: string, media: MediaStorage): Hono<AppEnv> {
  const packageVersion = (JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { version: string }).version;
  let current: Promise<EmbedBuild> | undefined;
  const currentBuild = () => {
    current ??= keepEmbedBuild(media, join(rootDir, 'dist', 'embed'), packageVersion).catch((err: unknown) => {
      current = undefined; // a store that failed once is asked again next time
      throw err;
    });
    return current;
  };

  return new Hono<AppEnv>()
    .get('/versions.json', async (c) => {
      const { version } = await currentBuild();
      return c.json({ current: version, versions: await keptEmbedBuilds(media) });
    })
    .get('/v/:version/*', async (c) => {
      const version = c.req.param('version');
      const file = c.req.path.slice(`/embed/v/${version}/`.length);
      if (!VERSION.test(version) || !file || file.split('/').some((part) => part === '' || part === '..')) notKept();
      await currentBuild();
      const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
      let body: Readable | undefined;
      let encoding: string | undefined;
      for (const variant of ENCODINGS.filter(({ name }) => accepted.has(name))) {
        body = await media.get(`${EMBED_BUILDS_FOLDER}/${version}/${file}${variant.suffix}`);
        if (body) {
          encoding = variant.name;
          break;
        }
      }
      body ??= await media.get(`${EMBED_BUILDS_FOLDER}/${version}/${file}`);
      if (!body) notKept();
      c.header('Content-Type', CONTENT_TYPES[extname(file)] ?? 'application/octet-stream');
      c.header('Vary', 'Accept-Encoding');
      if (encoding) c.header('Content-Encoding', encoding);
      return c.body(Readable.toWeb(body) as ReadableStream);
    });
}

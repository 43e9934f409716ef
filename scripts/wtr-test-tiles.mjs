// `GET /test-tiles/{set}/{level}/{face}{y}_{x}.jpg` and `/test-tiles/{set}/fallback/{face}.jpg`: panorama tiles in
// pannellum's multires layout for the viewer's browser tests, a plain JPEG per address (a tile's picture does not
// matter to which tiles the viewer asks for). The set `missing` has none, as a store that lost them; sets named
// `slow-…` answer their coarsest tiles half a second late, as a phone's connection might.
import sharp from 'sharp';

const TILE = /^\/test-tiles\/([\w-]+)\/(?:(\d+)\/[fbudlr]\d+_\d+|fallback\/[fbudlr])\.jpg$/;
const SLOW_MS = 500;
let tile;

/** Koa middleware for web-test-runner. */
export async function testTilesMiddleware(context, next) {
  const match = TILE.exec(context.path);
  if (!match) return next();
  if (match[1] === 'missing') {
    context.status = 404;
    return;
  }
  if (match[1].startsWith('slow-') && match[2] === '1') await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
  tile ??= sharp({ create: { width: 64, height: 64, channels: 3, background: '#5a7' } })
    .jpeg()
    .toBuffer();
  context.type = 'image/jpeg';
  // The viewer asks for tiles without credentials, as from a media server on another origin.
  context.set('Access-Control-Allow-Origin', '*');
  context.body = await tile;
}

import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import type { AppEnv } from '../app-env';
import { findTourFor } from '../tours/tour-access';
import { checkAudio, MAX_AUDIO_BYTES } from './audio-checks';
import { storeMediaFile } from '../media/media-file-store';
import type { AudioUpload } from '../schema/media';
import { uploadLimit, withUpload } from './upload';

/** Ambience sound for a tour; the owner then chooses it in the tour's config.ambience. */
export function audioRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/:shortId/audio', uploadLimit(MAX_AUDIO_BYTES, 'sound file'), async (c) => {
    await findTourFor(c, c.req.param('shortId'), 'edit');
    return withUpload(c, { fileField: 'audio' }, async ({ file }) => {
      const ext = await checkAudio(file.path);
      const name = await storeMediaFile(c.get('media'), 'audio', ext, await readFile(file.path), 'sound file');
      return c.json(
        { name: file.name.replace(/\.[^.]+$/, '').slice(0, 200) || 'Ambience', url: `${c.get('config').mediaBaseUrl}/audio/${name}` } satisfies AudioUpload,
        201,
      );
    });
  });
}

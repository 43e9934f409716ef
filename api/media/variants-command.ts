import sharp from 'sharp';
import type { Db } from '../db/database';
import { imageFormatsOf, panoramaIdsIn, recordImageFormats } from './image-formats';
import { storeMediaFiles } from './media-file-store';
import { readMediaFile, type MediaStorage } from './media-storage';
import { encodeVariants, MAX_INPUT_PIXELS } from './panorama-store';

export interface VariantsOutcome {
  made: number;
  /** Named by a tour but not in the store (its tour shows a broken scene whatever happens here). */
  missing: number;
  failed: number;
}

/**
 * `npm run admin -- variants`: gives the panoramas tours name that were stored before modern image types their
 * WebP/AVIF small pictures, one panorama at a time (one decode of one stored JPEG in memory), telling `progress`
 * of each. Panoramas that have them already are skipped, so it may be run again, or stopped and run again. Each
 * tour naming a panorama is marked written once its variants are noted, so cached answers list them at once.
 */
export async function makeMissingVariants(db: Db, media: MediaStorage, progress: (line: string) => void): Promise<VariantsOutcome> {
  const named = new Set<string>();
  for await (const { data } of db.selectFrom('tour').select('data').stream()) for (const id of panoramaIdsIn(data)) named.add(id);
  const done = await imageFormatsOf(db, [...named]);
  const todo = [...named].filter((id) => !done.has(id)).sort();
  progress(`variants: ${named.size} panorama(s) named by tours, ${todo.length} without modern types`);
  const outcome: VariantsOutcome = { made: 0, missing: 0, failed: 0 };
  for (const [i, id] of todo.entries()) {
    const step = `variants: ${i + 1}/${todo.length} ${id}`;
    const image = `${id}.jpg`;
    const original = await readMediaFile(media, `tours/${image}`);
    if (!original) {
      outcome.missing += 1;
      progress(`${step} skipped: tours/${image} is not in the media store`);
      continue;
    }
    try {
      const { width } = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      const { files, variants } = await encodeVariants(original, image, width, { withJpeg: false, withModern: true });
      await storeMediaFiles(media, 'tours', files, 'image');
      await recordImageFormats(db, image, variants);
      await db
        .updateTable('tour')
        .set((eb) => ({ write_count: eb('write_count', '+', 1) }))
        .where('data', 'like', `%/tours/${image}%`)
        .execute();
      outcome.made += 1;
      progress(`${step} done: ${files.map(([name]) => name).join(', ')}`);
    } catch (err) {
      outcome.failed += 1;
      progress(`${step} failed: ${(err as Error).message}`);
    }
  }
  progress(`variants: ${outcome.made} made, ${outcome.missing} missing, ${outcome.failed} failed`);
  return outcome;
}

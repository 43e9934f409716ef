import type { Logger } from '../config/logger';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import type { MediaStorage } from './media-storage';
import { removeTilesOf } from './tiles/tiles-removal';

/** The random name media-file-store.ts and panorama-store.ts give a stored file: 32 hex digits; panorama variants add a prefix. */
const STORED_NAME = String.raw`(?:thumb-|hotspot-|mobile-)?([0-9a-f]{32})\.([a-z0-9]{2,4})`;
/**
 * A stored file as rows name it: its folder under media/ and its random name. Only such names are ever joined to
 * the media folder, so no reference, however written, reaches a file outside it.
 */
const MEDIA_REFERENCE = new RegExp(String.raw`/(tours|assets|audio)/${STORED_NAME}\b`, 'g');
/** A file under a name the stores give, as it lies in its folder; the crop in social/ has its panorama's name. */
export const STORED_FILE_NAME = new RegExp(`^${STORED_NAME}$`);
/** A panorama's files beside the one a row names; social/ holds the share-picture crop (tours/social-image.ts). */
const PANORAMA_FILES = ['tours/', 'tours/thumb-', 'tours/hotspot-', 'tours/mobile-', 'social/'];
/** SQLite parses `a OR b OR …` as a tree at most 1000 deep. */
const IDS_PER_QUERY = 200;

/** The files named in `texts`, keyed by their random id; a panorama brings all its files, named or not. */
function filesNamedIn(texts: string[]): Map<string, Set<string>> {
  const files = new Map<string, Set<string>>();
  for (const text of texts) {
    for (const [, folder, id, ext] of text.matchAll(MEDIA_REFERENCE)) {
      const paths = files.get(id) ?? new Set<string>();
      for (const prefix of folder === 'tours' ? PANORAMA_FILES : [`${folder}/`]) paths.add(`${prefix}${id}.${ext}`);
      files.set(id, paths);
    }
  }
  return files;
}

/**
 * Every column that may name a stored file: tours (clones and the demo tour too), floor plans, library assets,
 * users, and the kept states of team tours (a restore brings their files back).
 */
const NAMING_COLUMNS: Array<[keyof Database, string[]]> = [
  ['tour', ['data']],
  ['floorplan', ['url', 'thumb_url']],
  ['asset', ['url', 'thumb_url']],
  ['user', ['picture']],
  ['team_history', ['snapshot']],
];

/**
 * The ids of the stored files rows name, found with the same pattern as the files themselves; with `among`, only
 * the rows whose text holds one of those ids are read (rows are streamed, so reading every row holds one at a time).
 */
export async function idsNamedByRows(db: Db, among?: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (const [table, columns] of NAMING_COLUMNS) {
    const refs = columns.map((column) => db.dynamic.ref(column));
    let query = db.selectFrom(table).select(refs);
    if (among) query = query.where((eb) => eb.or(refs.flatMap((ref) => among.map((id) => eb(ref, 'like', `%${id}%`)))));
    for await (const row of query.stream()) {
      for (const id of filesNamedIn(Object.values(row) as string[]).keys()) named.add(id);
    }
  }
  return named;
}

/** The ids among `ids` that some remaining row names. */
async function idsStillNamed(db: Db, ids: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    for (const id of await idsNamedByRows(db, ids.slice(start, start + IDS_PER_QUERY))) named.add(id);
  }
  return named;
}

/**
 * Removes `paths` from the media store; answers how many went. A file that cannot go is logged: it only wastes
 * space, and the change that left it unnamed stands. A file that was never made (mobile- of a narrow panorama, a
 * crop nobody asked for) is not a failure.
 */
export async function unlinkMediaFiles(media: MediaStorage, paths: string[], logger: Logger): Promise<number> {
  const removed = await Promise.all(
    paths.map((path) =>
      media.delete(path).catch((err: Error) => {
        logger.error({ err }, `media ${path} stays although nothing names it`);
        return false;
      }),
    ),
  );
  return removed.filter(Boolean).length;
}

/**
 * Removes the media files `before` named (a deleted row's addresses, a tour's data as it was before a save) that
 * `after` (what the row names now) does not name and no row names. Clones share pictures with their source;
 * library assets and the demo tour outlive any tour that shows them; a tour may show a library picture as its
 * logo. Call it once the change has committed. It never throws: the change is made whatever happens here, and a
 * file left behind only wastes space, so failures are logged.
 */
export async function removeUnreferencedFiles(db: Db, media: MediaStorage, logger: Logger, before: string[], after: string[] = []): Promise<void> {
  try {
    const stays = filesNamedIn(after);
    const files = [...filesNamedIn(before)].filter(([id]) => !stays.has(id));
    if (files.length === 0) return;
    // Checked and removed in one transaction, which holds the database (one connection behind a lock): no write
    // lands between the check and the removals.
    await db.transaction().execute(async (trx) => {
      const kept = await idsStillNamed(
        trx,
        files.map(([id]) => id),
      );
      const unnamed = files.filter(([id]) => !kept.has(id));
      await unlinkMediaFiles(
        media,
        unnamed.flatMap(([, paths]) => [...paths]),
        logger,
      );
      // A panorama's tiles are a folder beside it, with a row of their own.
      const panoramas = unnamed.filter(([id, paths]) => paths.has(`tours/${id}.jpg`)).map(([id]) => id);
      await removeTilesOf(trx, media, panoramas, logger);
    });
  } catch (err) {
    logger.error({ err }, 'media no longer named stays: the references could not be checked');
  }
}

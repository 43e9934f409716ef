import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, TilesState } from '../../db/tables';

/** A panorama's tiles as pannellum lays them out: tile edge, levels, and the full cube face's width. */
export interface TilesLayout {
  tileResolution: number;
  maxLevel: number;
  cubeResolution: number;
}

/**
 * How long a cut is its claimer's alone. A 16384×8192 panorama is cut in well under a minute; a claim older than
 * this belongs to an instance or command that died mid-cut, and the panorama is cut again by whoever takes it.
 */
export const TILES_CLAIM_MS = 10 * 60_000;
/** Cuts of one panorama tried before it is left to the original alone (its row says why). */
export const TILES_MAX_TRIES = 3;

/** A stored panorama's address as scenes name it (`…/tours/<image>.jpg`), its random name captured. */
export const PANORAMA_URL = /\/tours\/([0-9a-f]{32})\.jpg$/;

/** The stored panorama a scene's address names, or undefined for anything else (a demo picture, an outside address). */
export function panoramaImageOf(url: string): string | undefined {
  return PANORAMA_URL.exec(url)?.[1];
}

/** Where a panorama's tiles are stored, as a media folder. */
export function tilesFolder(image: string): string {
  return `tiles/${image}`;
}

const now = () => new Date().toISOString();

/** True for a row that may be claimed at `at`: waiting, or held by a claim that ran out. */
function claimable(at: Date) {
  const expired = new Date(at.getTime() - TILES_CLAIM_MS).toISOString();
  return (eb: ExpressionBuilder<Database, 'scene_tiles'>) =>
    eb.or([eb('state', '=', 'pending'), eb.and([eb('state', '=', 'cutting'), eb('claimed_at', '<', expired)])]);
}

/**
 * Raises the write count of every tour whose scenes show `image`, so read caches on every instance (and the owner's
 * editor) read the tour again with its tiles' new state. Clones share pictures with their source, so it may be several.
 */
export async function touchToursShowing(db: Db, image: string): Promise<void> {
  await db
    .updateTable('tour')
    .set((eb) => ({ write_count: eb('write_count', '+', 1) }))
    .where('data', 'like', `%/tours/${image}.jpg%`)
    .execute();
}

/**
 * Queues `image` to be cut (or records it as too narrow, `skipped`); a panorama already known keeps its row. With
 * `touchTours`, tours already showing it are told (a panorama found by the background sweep); a fresh upload's name
 * is in no tour yet.
 */
export async function queueTiles(
  db: Db,
  image: string,
  { state = 'pending', touchTours = false }: { state?: 'pending' | 'skipped'; touchTours?: boolean } = {},
): Promise<boolean> {
  const at = now();
  const inserted = await db
    .insertInto('scene_tiles')
    .values({ image, state, queued_at: at, updated_at: at })
    .onConflict((oc) => oc.column('image').doNothing())
    .returning('image')
    .executeTakeFirst();
  const queued = inserted !== undefined;
  if (queued && touchTours && state === 'pending') await touchToursShowing(db, image);
  return queued;
}

/** Puts a panorama whose cut failed for good back in the queue, its tries counted afresh (the operator's command). */
export async function requeueFailedTiles(db: Db, images: string[]): Promise<void> {
  if (images.length === 0) return;
  await db
    .updateTable('scene_tiles')
    .set({ state: 'pending', tries: 0, error: null, updated_at: now() })
    .where('state', '=', 'failed')
    .where('image', 'in', images)
    .execute();
}

/** The panoramas that may be claimed now, oldest first; among `images` only, when given. */
export async function claimableTiles(db: Db, { limit, images }: { limit?: number; images?: string[] } = {}): Promise<string[]> {
  if (images?.length === 0) return [];
  let query = db.selectFrom('scene_tiles').select('image').where(claimable(new Date())).orderBy('queued_at').orderBy('image');
  if (images) query = query.where('image', 'in', images);
  if (limit) query = query.limit(limit);
  return (await query.execute()).map((row) => row.image);
}

/**
 * Makes `image`'s cut `claimer`'s with a conditional update: of several instances (and the operator's command)
 * trying at once, one gets it. Answers whether this one did.
 */
export async function claimTiles(db: Db, image: string, claimer: string): Promise<boolean> {
  const at = new Date();
  const { numUpdatedRows } = await db
    .updateTable('scene_tiles')
    .set((eb) => ({ state: 'cutting', claimed_by: claimer, claimed_at: at.toISOString(), tries: eb('tries', '+', 1), updated_at: at.toISOString() }))
    .where('image', '=', image)
    .where(claimable(at))
    .executeTakeFirst();
  return numUpdatedRows === 1n;
}

/**
 * Records the tiles of a cut `claimer` made as ready, and tells the tours showing them. Answers false when the row is
 * no longer this claimer's cut: the panorama was deleted meanwhile (its tiles must go), or the claim ran out and
 * another cut took it over.
 */
export async function tilesReady(db: Db, image: string, claimer: string, layout: TilesLayout): Promise<boolean> {
  const done = await db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('scene_tiles')
      .set({
        state: 'ready',
        claimed_by: null,
        claimed_at: null,
        error: null,
        tile_resolution: layout.tileResolution,
        max_level: layout.maxLevel,
        cube_resolution: layout.cubeResolution,
        updated_at: now(),
      })
      .where('image', '=', image)
      .where('state', '=', 'cutting')
      .where('claimed_by', '=', claimer)
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) return false;
    await touchToursShowing(trx, image);
    return true;
  });
  return done;
}

/** Gives back a cut stopped part-way (its process stopping): claimable again at once, the try not counted. */
export async function releaseTiles(db: Db, image: string, claimer: string): Promise<void> {
  await db
    .updateTable('scene_tiles')
    .set((eb) => ({ state: 'pending', claimed_by: null, claimed_at: null, tries: eb('tries', '-', 1), updated_at: now() }))
    .where('image', '=', image)
    .where('state', '=', 'cutting')
    .where('claimed_by', '=', claimer)
    .execute();
}

/**
 * Records a failed cut: back in the queue while tries are left, else `failed` for good (the original keeps serving;
 * the tours showing it are told, as their scene's tiles are no longer coming).
 */
export async function tilesFailed(db: Db, image: string, claimer: string, error: string): Promise<TilesState | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('scene_tiles').select('tries').where('image', '=', image).where('claimed_by', '=', claimer).executeTakeFirst();
    if (!row) return undefined;
    const state = row.tries >= TILES_MAX_TRIES ? 'failed' : 'pending';
    await trx
      .updateTable('scene_tiles')
      .set({ state, claimed_by: null, claimed_at: null, error: error.slice(0, 1000), updated_at: now() })
      .where('image', '=', image)
      .where('claimed_by', '=', claimer)
      .execute();
    if (state === 'failed') await touchToursShowing(trx, image);
    return state;
  });
}

/** What a scene's answer says of its tiles: their layout once ready, `preparing` while queued or being cut. */
export type SceneTilesState = TilesLayout | 'preparing';

/** The tiles' state of each of `images` that has tiles ready or coming; the others (narrow, failed, unknown) are left out. */
export async function tilesStateOf(db: Db, images: string[]): Promise<Map<string, SceneTilesState>> {
  const states = new Map<string, SceneTilesState>();
  if (images.length === 0) return states;
  const rows = await db
    .selectFrom('scene_tiles')
    .select(['image', 'state', 'tile_resolution', 'max_level', 'cube_resolution'])
    .where('image', 'in', images)
    .where('state', 'in', ['pending', 'cutting', 'ready'])
    .execute();
  for (const row of rows) {
    states.set(
      row.image,
      row.state === 'ready' ? { tileResolution: row.tile_resolution!, maxLevel: row.max_level!, cubeResolution: row.cube_resolution! } : 'preparing',
    );
  }
  return states;
}

/** Forgets the tiles of panoramas that are gone (their folders removed first). */
export async function forgetTiles(db: Db, images: string[]): Promise<void> {
  if (images.length === 0) return;
  await db.deleteFrom('scene_tiles').where('image', 'in', images).execute();
}

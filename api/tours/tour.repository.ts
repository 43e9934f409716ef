import { sql } from 'kysely';
import { inTransaction, type Db } from '../db/database';
import type { FloorplanRow, NewTourRow, TourRow } from '../db/tables';
import { byTitle, foldForSearch, titleHolds } from './title-search';
import type { Page, TourListFilter } from '../schema/requests';
import {
  cloneTitles,
  defaultSocialImage,
  floorplanSchema,
  tourInputSchema,
  type Floorplan,
  type Image,
  type SceneAnswer,
  type Tour,
  type TourInput,
  type TourType,
} from '../schema/tour';
import type { UserType } from '../schema/user';
import { tourTitle } from '../schema/tour-title';
import { imageFormatsOf, panoramaIdsIn, readPageWithImageFormats, sceneFormats, type ImageVariants } from '../media/image-formats';
import { sceneWithTiles } from '../media/tiles/scene-multires';
import { tilesStateOf, type SceneTilesState } from '../media/tiles/scene-tiles.repository';

export interface TourRecord {
  row: TourRow;
  ownerType: string | null;
  /** The team the tour is shared with: the one team_tour names. */
  teamId: number | null;
  floorplans: FloorplanRow[];
  /** The state the read cache keeps the tour under, from the same expression its key query asks. */
  stateKey: string;
  /** The modern image types of the panoramas the tour names, by panorama id (those without any are absent). */
  imageFormats: Map<string, ImageVariants>;
  /** The tiles of the panoramas its scenes show, ready or coming (read with the tour by id or short id only). */
  tiles?: Map<string, SceneTilesState>;
}

/**
 * The key of a tour's current state: its id, its write count (which triggers raise on every write to the tour or its
 * floor plans, from any route, command or process), its owner's type (Pro Plus changes how it is shown) and the team
 * it is shared with. Needs `tour` and its owner joined as `"user"`.
 */
export const TOUR_STATE_KEY = sql<string>`tour.id || ':' || tour.write_count || ':' || coalesce("user".type, '') || ':'
  || coalesce((select cast(team_id as text) from team_tour where tour_id = tour.id), '')`;

export function findTourByShortId(db: Db, shortId: string): Promise<TourRecord | undefined> {
  return findTour(db, 'tour.short_id', shortId);
}

export function findTourById(db: Db, id: number): Promise<TourRecord | undefined> {
  return findTour(db, 'tour.id', id);
}

async function findTour(db: Db, column: 'tour.short_id' | 'tour.id', value: string | number): Promise<TourRecord | undefined> {
  const row = await selectTourRecords(db).where(column, '=', value).executeTakeFirst();
  if (!row) return undefined;
  // Read after the tour: a panorama's formats are noted before any save names it, and a command that adds them to
  // a named one raises the tour's write count after noting them, so the state key read here never outlives them.
  // Tiles likewise: a tile change raises the write count of the tours showing the panorama.
  const panoramas = panoramaIdsIn(row.data);
  const [imageFormats, tiles] = await Promise.all([imageFormatsOf(db, panoramas), tilesStateOf(db, panoramas)]);
  return { ...recordFromRow(row), imageFormats, tiles };
}

/**
 * Tours with their owner's type and floor plans, in one query. The floor plans come as one JSON array per tour, in
 * the order the editor shows them (PostgreSQL's aggregate gives null, not [], for a tour without any).
 */
function selectTourRecords(db: Db) {
  return db
    .selectFrom('tour')
    .leftJoin('user', 'user.id', 'tour.user_id')
    .selectAll('tour')
    .select('user.type as owner_type')
    .select((eb) => eb.selectFrom('team_tour').select('team_tour.team_id').whereRef('team_tour.tour_id', '=', 'tour.id').as('shared_team_id'))
    .select(TOUR_STATE_KEY.as('state_key'))
    .select(
      sql<string>`coalesce((select json_group_array(json_object('id', f.id, 'tour_id', f.tour_id, 'name', f.name, 'url', f.url,
        'thumb_url', f.thumb_url, 'hotspots', f.hotspots, 'sort_order', f.sort_order, 'created_at', f.created_at)
        order by f.sort_order, f.created_at) from floorplan f where f.tour_id = tour.id), '[]')`.as('floorplans_json'),
    );
}

function recordFromRow({
  owner_type,
  floorplans_json,
  shared_team_id,
  state_key,
  ...row
}: TourRow & { owner_type: string | null; floorplans_json: string; shared_team_id: number | null; state_key: string }): Omit<TourRecord, 'imageFormats'> {
  return { row, ownerType: owner_type, teamId: shared_team_id, floorplans: JSON.parse(floorplans_json) as FloorplanRow[], stateKey: state_key };
}

export async function insertTour(
  db: Db,
  tour: { shortId: string; userId: number | null; type: TourType; input: TourInput; passwordHash?: string | null },
): Promise<TourRow> {
  const values: NewTourRow = {
    short_id: tour.shortId,
    user_id: tour.userId,
    type: tour.type,
    ...savedColumns(tourInputSchema.parse(tour.input)),
    password_hash: tour.passwordHash ?? null,
    updated_at: new Date().toISOString(),
  };
  return db.insertInto('tour').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The columns kept beside a tour's data, written from it by every write of the data. */
function savedColumns(input: TourInput): Pick<NewTourRow, 'data' | 'list_title' | 'search_title' | 'privacy'> {
  // What the dashboard lists a tour under; search and sorting by title compare its folded form.
  const listTitle = tourTitle(input);
  return { data: JSON.stringify(input), list_title: listTitle, search_title: foldForSearch(listTitle), privacy: input.privacy };
}

/**
 * One page of a user's tours, newest first or by title, each with its owner's type, floor plans and its scenes'
 * modern picture types (readPage counts them in a second query); with `search`, only tours whose title holds it,
 * case and accents aside.
 */
export async function listTours(db: Db, userId: number, { search, sort, ...page }: TourListFilter & { page: number; perPage: number }): Promise<Page<Tour>> {
  let query = selectTourRecords(db).where('tour.user_id', '=', userId);
  if (search) query = query.where(titleHolds(db, search));
  const [folded, exact] = byTitle(db);
  query = sort === 'title' ? query.orderBy(folded).orderBy(exact) : query.orderBy('tour.updated_at', 'desc');
  query = query.orderBy('tour.id', 'desc');
  return readPageWithImageFormats(db, query, page, (row, imageFormats) => tourFromRecord({ ...recordFromRow(row), imageFormats }));
}

export interface TourSave {
  /** The tour as read before the save: its id, owner and floor plans. */
  record: TourRecord;
  input: TourInput;
  passwordHash: string | null;
  /** The revision the editor started from; another is a 409. */
  revision: number;
}

/**
 * Writes an owner's save. The update is conditional on the revision the editor started from, so of two saves from
 * one revision only one writes, whether they race on one instance or on several sharing a database. Answers the
 * tour as written, the data it replaced and the data written (the files the first names and the second does not may
 * now be unnamed).
 */
export type SaveOutcome =
  | { kind: 'saved'; tour: Tour; replaced: string; written: string }
  /** Another save from the editor's revision came first; `revision` is the tour's now. */
  | { kind: 'stale'; revision: number }
  | { kind: 'gone' };

export async function saveTour(db: Db, { record, input, passwordHash, revision }: TourSave): Promise<SaveOutcome> {
  const columns = savedColumns(input);
  const before = tourFromRecord(record);
  return db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const current = await trx.selectFrom('tour').select(['data', 'revision']).where('id', '=', record.row.id).executeTakeFirst();
    if (!current) return { kind: 'gone' };
    if (current.revision !== revision) return { kind: 'stale', revision: current.revision };
    const row = await trx
      .updateTable('tour')
      .set({
        ...columns,
        password_hash: passwordHash,
        // A status found for another address says nothing about the new one.
        ...(input.whiteLabelUrl !== before.whiteLabelUrl ? { white_label_status_code: '' } : {}),
        revision: revision + 1,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', record.row.id)
      .where('revision', '=', revision)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      // Another save from the same revision committed between the read and this write.
      const now = await trx.selectFrom('tour').select('revision').where('id', '=', record.row.id).executeTakeFirst();
      return now ? { kind: 'stale', revision: now.revision } : { kind: 'gone' };
    }
    const imageFormats = await imageFormatsOf(trx, panoramaIdsIn(row.data));
    return { kind: 'saved', tour: tourFromRecord({ ...record, row, imageFormats }), replaced: current.data, written: columns.data };
  });
}

/** Deletes a tour with its floor plans; answers what the rows named as they were deleted (not as first read). */
export function deleteTour(db: Db, tourId: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const plans = await trx.selectFrom('floorplan').select(['url', 'thumb_url']).where('tour_id', '=', tourId).execute();
    const deleted = await trx.deleteFrom('tour').where('id', '=', tourId).returning('data').executeTakeFirst();
    return deleted ? [deleted.data, ...plans.flatMap((plan) => [plan.url, plan.thumb_url])] : [];
  });
}

/**
 * Copies a tour, its password and floor plans into a new locked tour of `owner`; answers the copy as written, or
 * undefined when the tour is gone.
 */
export function cloneTour(db: Db, shortId: string, owner: { id: number; type: string }, newShortId: string): Promise<Tour | undefined> {
  return db.transaction().execute(async (trx) => {
    // Copied as it is inside the transaction: a save or delete landing in between may already have removed
    // the files an earlier read named, and the copy must not point at them.
    const record = await findTourByShortId(trx, shortId);
    if (!record) return undefined;
    const source = tourFromRecord(record);
    const row = await insertTour(trx, {
      shortId: newShortId,
      userId: owner.id,
      type: 'locked',
      input: { ...tourInputSchema.parse(JSON.parse(record.row.data)), ...cloneTitles(source) },
      passwordHash: source.privacy === 'Password' ? record.row.password_hash : null,
    });
    const floorplans: FloorplanRow[] = [];
    for (const plan of record.floorplans) {
      floorplans.push(
        await trx
          .insertInto('floorplan')
          .values({ ...plan, id: crypto.randomUUID(), tour_id: row.id, created_at: undefined })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    }
    return tourFromRecord({ row, ownerType: owner.type, teamId: null, floorplans, imageFormats: record.imageFormats });
  });
}

/**
 * Marks a locked tour as unlocked by a visitor's e-mail and keeps the e-mail as a lead; answers the tour as written
 * and the lead's id, or undefined when the tour is gone.
 */
export function unlockWithEmail(db: Db, record: TourRecord, lead: { email: string; url: string }): Promise<{ tour: Tour; leadId: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable('tour').set({ type: 'locked-with-email' }).where('id', '=', record.row.id).returningAll().executeTakeFirst();
    if (!row) return undefined;
    const { id } = await trx
      .insertInto('lead')
      .values({ tour_id: record.row.id, email: lead.email, name: '', url: lead.url })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { tour: tourFromRecord({ ...record, row }), leadId: id };
  });
}

export function parseUserType(type: string | null): UserType {
  return type === '2' ? 2 : type === '1' ? 1 : 'guest';
}

export function floorplanFromRow(row: FloorplanRow): Floorplan {
  return floorplanSchema.parse({
    floorplanId: row.id,
    name: row.name,
    url: row.url,
    thumbUrl: row.thumb_url,
    tourId: row.tour_id,
    hotspots: JSON.parse(row.hotspots),
    sortOrder: row.sort_order,
    uploaded: true,
  });
}

/**
 * The tour as the API answers it; the stored JSON is parsed again so old rows gain new defaults. Scenes whose
 * panorama has modern image types list them, and those whose tiles are ready or coming say so.
 */
export function tourFromRecord({
  row,
  ownerType,
  teamId,
  floorplans,
  imageFormats,
  tiles,
}: Pick<TourRecord, 'row' | 'ownerType' | 'teamId' | 'floorplans' | 'tiles'> & Partial<Pick<TourRecord, 'imageFormats'>>): Tour {
  const input = tourInputSchema.parse(JSON.parse(row.data));
  return {
    ...input,
    images: input.images.map((image) => sceneWithTiles(imageFormats?.size ? withFormats(image, imageFormats) : image, tiles)),
    socialImage: input.socialImage || defaultSocialImage(row.short_id),
    privacy: row.privacy as Tour['privacy'],
    id: row.id,
    userId: row.user_id,
    shortId: row.short_id,
    type: row.type as TourType,
    whiteLabelStatusCode: row.white_label_status_code,
    teamId,
    floorplans: floorplans.map(floorplanFromRow),
    owner: row.user_id === null ? null : { type: parseUserType(ownerType) },
    revision: row.revision,
  };
}

function withFormats(image: Image, known: Map<string, ImageVariants>): SceneAnswer {
  const formats = sceneFormats(image, known);
  return formats ? { ...image, formats } : image;
}

/**
 * Sets a tour's type (publishing, payment, refund, operator); with `from`, only a tour of one of those types changes.
 * Answers the row as written, or undefined when no tour matched.
 */
export function setTourType(db: Db, tour: { id: number } | { shortId: string }, type: TourType, from?: readonly string[]): Promise<TourRow | undefined> {
  let query = db.updateTable('tour').set({ type, updated_at: new Date().toISOString() });
  query = 'id' in tour ? query.where('id', '=', tour.id) : query.where('short_id', '=', tour.shortId);
  if (from) query = query.where('type', 'in', [...from]);
  return query.returningAll().executeTakeFirst();
}

/** Hands every tour of one user to another (a guest's work moving into an account); answers the moved tours' types. */
export async function moveTours(db: Db, fromUserId: number, toUserId: number): Promise<string[]> {
  const moved = await db.updateTable('tour').set({ user_id: toUserId }).where('user_id', '=', fromUserId).returning('type').execute();
  return moved.map(({ type }) => type);
}

/** Hands one tour to a new owner, who no longer needs a permission of their own on it. */
export function transferTour(db: Db, tourId: number, ownerId: number): Promise<void> {
  return inTransaction(db, async (trx) => {
    await trx.updateTable('tour').set({ user_id: ownerId }).where('id', '=', tourId).execute();
    await trx.deleteFrom('team_tour_permission').where('tour_id', '=', tourId).where('user_id', '=', ownerId).execute();
  });
}

/** Every tour a user owns, as its data and revision: for a change made to all of them at once. */
export function tourDataOf(db: Db, userId: number): Promise<Array<{ id: number; data: string; revision: number }>> {
  return db.selectFrom('tour').select(['id', 'data', 'revision']).where('user_id', '=', userId).orderBy('id').execute();
}

/** Deletes every tour of a user (their floor plans go with them); answers the deleted tours' ids and data. */
export function deleteToursOf(db: Db, userId: number): Promise<{ id: number; data: string }[]> {
  return db.deleteFrom('tour').where('user_id', '=', userId).returning(['id', 'data']).execute();
}

export async function setWhiteLabelStatus(db: Db, tourId: number, status: string): Promise<void> {
  await db.updateTable('tour').set({ white_label_status_code: status }).where('id', '=', tourId).execute();
}

export async function setTourPasswordHash(db: Db, tourId: number, passwordHash: string): Promise<void> {
  await db.updateTable('tour').set({ password_hash: passwordHash }).where('id', '=', tourId).execute();
}

/** Raises a tour's revision for a write made outside its save (a floor plan); answers the new revision. */
export async function bumpRevision(db: Db, tourId: number): Promise<number> {
  const row = await db
    .updateTable('tour')
    .set((eb) => ({ revision: eb('revision', '+', 1), updated_at: new Date().toISOString() }))
    .where('id', '=', tourId)
    .returning('revision')
    .executeTakeFirstOrThrow();
  return row.revision;
}

/**
 * Writes a tour's data from outside the editor's save (a history restore, the account's brand applied to every
 * tour), as the revision after `revision`, with everything a save keeps beside the data (the listed title, the
 * privacy). Conditional on the revision, so a save landing meanwhile (on any instance) is not silently undone:
 * answers false then.
 */
export async function writeTourData(db: Db, tourId: number, input: TourInput, revision: number): Promise<boolean> {
  const written = await db
    .updateTable('tour')
    .set({ ...savedColumns(input), revision: revision + 1, updated_at: new Date().toISOString() })
    .where('id', '=', tourId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return written.numUpdatedRows > 0n;
}

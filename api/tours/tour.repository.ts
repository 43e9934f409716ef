import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { FloorplanRow, NewTourRow, TourRow } from '../db/tables';
import { ApiError } from '../errors';
import { readPage } from '../pagination';
import { MESSAGES } from '../schema/errors';
import { byTitle, foldForSearch, titleHolds } from './title-search';
import type { Page, TourListFilter } from '../schema/requests';
import { cloneTitles, defaultSocialImage, floorplanSchema, tourInputSchema, type Floorplan, type Tour, type TourInput, type TourType } from '../schema/tour';
import type { UserType } from '../schema/user';

export interface TourRecord {
  row: TourRow;
  ownerType: string | null;
  floorplans: FloorplanRow[];
}

export function findTourByShortId(db: Db, shortId: string): Promise<TourRecord | undefined> {
  return findTour(db, 'tour.short_id', shortId);
}

export function findTourById(db: Db, id: number): Promise<TourRecord | undefined> {
  return findTour(db, 'tour.id', id);
}

async function findTour(db: Db, column: 'tour.short_id' | 'tour.id', value: string | number): Promise<TourRecord | undefined> {
  const row = await selectTourRecords(db).where(column, '=', value).executeTakeFirst();
  return row && recordFromRow(row);
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
    .select(
      sql<string>`coalesce((select json_group_array(json_object('id', f.id, 'tour_id', f.tour_id, 'name', f.name, 'url', f.url,
        'thumb_url', f.thumb_url, 'hotspots', f.hotspots, 'sort_order', f.sort_order, 'created_at', f.created_at)
        order by f.sort_order, f.created_at) from floorplan f where f.tour_id = tour.id), '[]')`.as('floorplans_json'),
    );
}

/** The team a tour is shared with is the one team_tour names (tour.team_id is not used). */
function recordFromRow({
  owner_type,
  floorplans_json,
  shared_team_id,
  ...row
}: TourRow & { owner_type: string | null; floorplans_json: string; shared_team_id: number | null }): TourRecord {
  return { row: { ...row, team_id: shared_team_id }, ownerType: owner_type, floorplans: JSON.parse(floorplans_json) as FloorplanRow[] };
}

export async function insertTour(
  db: Db,
  tour: { shortId: string; userId: number | null; type: TourType; input: TourInput; passwordHash?: string | null },
): Promise<TourRow> {
  const values: NewTourRow = {
    short_id: tour.shortId,
    user_id: tour.userId,
    type: tour.type,
    privacy: tour.input.privacy,
    password_hash: tour.passwordHash ?? null,
    data: JSON.stringify(tourInputSchema.parse(tour.input)),
    list_title: listTitle(tour.input),
    search_title: foldForSearch(listTitle(tour.input)),
    updated_at: new Date().toISOString(),
  };
  return db.insertInto('tour').values(values).returningAll().executeTakeFirstOrThrow();
}

/** What the dashboard lists a tour under, and what its search looks in. */
function listTitle(input: Pick<TourInput, 'title' | 'name'>): string {
  return input.title || input.name;
}

/**
 * One page of a user's tours, newest first or by title, each with its owner's type and floor plans (readPage counts
 * them in a second query); with `search`, only tours whose title holds it, case and accents aside.
 */
export async function listTours(db: Db, userId: number, { search, sort, ...page }: TourListFilter & { page: number; perPage: number }): Promise<Page<Tour>> {
  let query = selectTourRecords(db).where('tour.user_id', '=', userId);
  if (search) query = query.where(titleHolds(db, search));
  const [folded, exact] = byTitle(db);
  query = sort === 'title' ? query.orderBy(folded).orderBy(exact) : query.orderBy('tour.updated_at', 'desc');
  query = query.orderBy('tour.id', 'desc');
  return readPage(query, page, (row) => tourFromRecord(recordFromRow(row)));
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
export async function saveTour(db: Db, { record, input, passwordHash, revision }: TourSave): Promise<{ tour: Tour; replaced: string; written: string }> {
  const data = JSON.stringify(input);
  const before = tourFromRecord(record);
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('tour').select(['data', 'revision']).where('id', '=', record.row.id).executeTakeFirst();
    if (!current) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
    if (current.revision !== revision) throw staleRevision(current.revision);
    const row = await trx
      .updateTable('tour')
      .set({
        data,
        list_title: listTitle(input),
        search_title: foldForSearch(listTitle(input)),
        privacy: input.privacy,
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
      if (!now) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
      throw staleRevision(now.revision);
    }
    return { tour: tourFromRecord({ ...record, row }), replaced: current.data, written: data };
  });
}

export function staleRevision(current: number): ApiError {
  return new ApiError(409, 'StaleRevision', 'This tour was changed elsewhere since you opened it. Reload it to see the latest version.', {
    revision: current,
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

/** Copies a tour, its password and floor plans into a new locked tour of `owner`; answers the copy as written. */
export function cloneTour(db: Db, shortId: string, owner: { id: number; type: string }, newShortId: string): Promise<Tour> {
  return db.transaction().execute(async (trx) => {
    // Copied as it is inside the transaction: a save or delete landing in between may already have removed
    // the files an earlier read named, and the copy must not point at them.
    const record = await findTourByShortId(trx, shortId);
    if (!record) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
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
    return tourFromRecord({ row, ownerType: owner.type, floorplans });
  });
}

/**
 * Marks a locked tour as unlocked by a visitor's e-mail and keeps the e-mail as a lead; answers the tour as written
 * and the lead's id.
 */
export function unlockWithEmail(db: Db, record: TourRecord, lead: { email: string; url: string }): Promise<{ tour: Tour; leadId: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable('tour').set({ type: 'locked-with-email' }).where('id', '=', record.row.id).returningAll().executeTakeFirst();
    if (!row) throw new ApiError(404, 'TourNotFound', MESSAGES.invalidTour);
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

/** The tour as the API answers it; the stored JSON is parsed again so old rows gain new defaults. */
export function tourFromRecord({ row, ownerType, floorplans }: TourRecord): Tour {
  const input = tourInputSchema.parse(JSON.parse(row.data));
  return {
    ...input,
    socialImage: input.socialImage || defaultSocialImage(row.short_id),
    privacy: row.privacy as Tour['privacy'],
    id: row.id,
    userId: row.user_id,
    shortId: row.short_id,
    type: row.type as TourType,
    whiteLabelStatusCode: row.white_label_status_code,
    teamId: row.team_id,
    floorplans: floorplans.map(floorplanFromRow),
    owner: row.user_id === null ? null : { type: parseUserType(ownerType) },
    revision: row.revision,
  };
}

import type { Selectable } from 'kysely';
import { inTransaction, type Db } from '../db/database';
import type { FloorplanRow, TeamHistoryTable } from '../db/tables';
import { ApiError } from '../http/errors';
import { readPage } from '../db/pagination';
import type { Page } from '../schema/requests';
import { HISTORY_KEPT_PER_TOUR, type HistoryEntry } from '../schema/team';
import { tourInputSchema, type TourInput } from '../schema/tour';
import type { Change } from './change-summary';
import { staleRevision } from '../tours/stale-revision';
import { writeTourData } from '../tours/tour.repository';
import { tourTitle } from '../schema/tour-title';
import { OWNER_ONLY_DATA_FIELDS } from '../schema/tour-access';

/** Everything a restore puts back: the tour's data and its floor plans as one revision had them. */
interface Snapshot {
  data: string;
  floorplans: Array<Omit<FloorplanRow, 'created_at' | 'tour_id'>>;
}

/** The team a tour is shared with, if any. */
async function teamOfTour(db: Db, tourId: number): Promise<number | undefined> {
  const row = await db.selectFrom('team_tour').select('team_id').where('tour_id', '=', tourId).executeTakeFirst();
  return row?.team_id;
}

/** The entry recorded when a tour joins a team: the tour as it was shared, which the history never lets go. */
export const SHARED_ENTRY = 'shared';

/**
 * Keeps the tour's state as it now stands under `change`, when the tour is a team's, and lets only the newest
 * entries of the tour stay, besides the state it was shared in. Files a dropped snapshot alone named are left for
 * the media sweep.
 */
export async function recordTeamChange(db: Db, tourId: number, userId: number | null, change: Change): Promise<void> {
  await inTransaction(db, async (trx) => {
    const teamId = await teamOfTour(trx, tourId);
    if (teamId === undefined) return;
    const tour = await trx.selectFrom('tour').select(['data', 'revision']).where('id', '=', tourId).executeTakeFirstOrThrow();
    const floorplans = await trx
      .selectFrom('floorplan')
      .select(['id', 'name', 'url', 'thumb_url', 'hotspots', 'sort_order'])
      .where('tour_id', '=', tourId)
      .orderBy('sort_order')
      .orderBy('created_at')
      .execute();
    const snapshot: Snapshot = { data: tour.data, floorplans };
    await trx
      .insertInto('team_history')
      .values({
        team_id: teamId,
        tour_id: tourId,
        user_id: userId,
        type: change.type,
        current_value: change.currentValue,
        revision: tour.revision,
        snapshot: JSON.stringify(snapshot),
        created_at: new Date().toISOString(),
      })
      .execute();
    const oldest = await trx
      .selectFrom('team_history')
      .select('id')
      .where('tour_id', '=', tourId)
      .where('type', '!=', SHARED_ENTRY)
      .orderBy('id', 'desc')
      .offset(HISTORY_KEPT_PER_TOUR - 1)
      .limit(1)
      .executeTakeFirst();
    if (oldest) {
      await trx.deleteFrom('team_history').where('tour_id', '=', tourId).where('type', '!=', SHARED_ENTRY).where('id', '<', oldest.id).execute();
    }
  });
}

function selectEntries(db: Db) {
  return db
    .selectFrom('team_history')
    .innerJoin('tour', 'tour.id', 'team_history.tour_id')
    .leftJoin('user', 'user.id', 'team_history.user_id')
    .select([
      'team_history.id',
      'team_history.team_id',
      'team_history.type',
      'team_history.current_value',
      'team_history.revision',
      'team_history.created_at',
      'tour.short_id',
      'tour.data',
      'user.name as user_name',
      'user.email as user_email',
    ]);
}

type EntryRow = Pick<Selectable<TeamHistoryTable>, 'id' | 'team_id' | 'type' | 'current_value' | 'revision' | 'created_at'> & {
  short_id: string;
  data: string;
  user_name: string | null;
  user_email: string | null;
};

function entryFromRow(row: EntryRow): HistoryEntry {
  const tour = JSON.parse(row.data) as { title?: string; name?: string };
  return {
    id: row.id,
    teamId: row.team_id,
    tourId: row.short_id,
    tourTitle: tourTitle(tour),
    user: row.user_name === null ? null : { name: row.user_name, email: row.user_email ?? '' },
    type: row.type,
    currentValue: row.current_value,
    revision: row.revision,
    createdDate: row.created_at,
  };
}

/** A team's history, newest first, of one of its tours or of all of them. */
export function listHistory(db: Db, teamId: number, tourId: number | undefined, page: { page: number; perPage: number }): Promise<Page<HistoryEntry>> {
  let query = selectEntries(db).where('team_history.team_id', '=', teamId);
  if (tourId !== undefined) query = query.where('team_history.tour_id', '=', tourId);
  return readPage(query.orderBy('team_history.id', 'desc'), page, entryFromRow);
}

export async function findHistoryEntry(db: Db, teamId: number, historyId: number): Promise<(HistoryEntry & { tourRowId: number }) | undefined> {
  const row = await selectEntries(db)
    .select('team_history.tour_id')
    .where('team_history.team_id', '=', teamId)
    .where('team_history.id', '=', historyId)
    .executeTakeFirst();
  return row && { ...entryFromRow(row), tourRowId: row.tour_id };
}

/**
 * Puts the tour back as the entry's revision had it, as a new revision: the data and the floor plans, keeping
 * the fields that say who may see it and where its mail goes. Answers what the tour named before and after, so
 * the caller can let go of files nothing names any more.
 */
export function restoreEntry(db: Db, historyId: number): Promise<{ before: string[]; after: string[] }> {
  return db.transaction().execute(async (trx) => {
    const entry = await trx.selectFrom('team_history').select(['tour_id', 'snapshot']).where('id', '=', historyId).executeTakeFirst();
    if (!entry) throw new ApiError(404, 'NotFound', 'No history entry with this id.');
    const snapshot = JSON.parse(entry.snapshot) as Snapshot;
    const current = await trx.selectFrom('tour').select(['data', 'revision']).where('id', '=', entry.tour_id).executeTakeFirstOrThrow();
    const currentInput = tourInputSchema.parse(JSON.parse(current.data));
    const restored: TourInput = { ...tourInputSchema.parse(JSON.parse(snapshot.data)) };
    for (const field of OWNER_ONLY_DATA_FIELDS) (restored as Record<string, unknown>)[field] = currentInput[field];
    const formerPlans = await trx.selectFrom('floorplan').select(['url', 'thumb_url']).where('tour_id', '=', entry.tour_id).execute();
    await trx.deleteFrom('floorplan').where('tour_id', '=', entry.tour_id).execute();
    for (const plan of snapshot.floorplans)
      await trx
        .insertInto('floorplan')
        .values({ ...plan, tour_id: entry.tour_id })
        .execute();
    if (!(await writeTourData(trx, entry.tour_id, restored, current.revision)))
      throw staleRevision((await trx.selectFrom('tour').select('revision').where('id', '=', entry.tour_id).executeTakeFirstOrThrow()).revision);
    return {
      before: [current.data, ...formerPlans.flatMap((plan) => [plan.url, plan.thumb_url])],
      after: [JSON.stringify(restored), ...snapshot.floorplans.flatMap((plan) => [plan.url, plan.thumb_url])],
    };
  });
}

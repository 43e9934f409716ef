import type { Db } from '../db/database';
import type { FloorplanRow, NewTourRow, TourRow } from '../db/tables';
import {
  defaultSocialImage,
  floorplanSchema,
  tourInputSchema,
  type Floorplan,
  type Tour,
  type TourInput,
  type TourType,
} from '../schema/tour';
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
  const row = await db
    .selectFrom('tour')
    .leftJoin('user', 'user.id', 'tour.user_id')
    .selectAll('tour')
    .select('user.type as owner_type')
    .where(column, '=', value)
    .executeTakeFirst();
  if (!row) return undefined;
  const { owner_type, ...tour } = row;
  const floorplans = await db
    .selectFrom('floorplan')
    .selectAll()
    .where('tour_id', '=', tour.id)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
  return { row: tour, ownerType: owner_type, floorplans };
}

export async function insertTour(
  db: Db,
  tour: { shortId: string; userId: number | null; type: TourType; input: TourInput },
): Promise<TourRow> {
  const values: NewTourRow = {
    short_id: tour.shortId,
    user_id: tour.userId,
    type: tour.type,
    privacy: tour.input.privacy,
    data: JSON.stringify(tourInputSchema.parse(tour.input)),
    updated_at: new Date().toISOString(),
  };
  return db.insertInto('tour').values(values).returningAll().executeTakeFirstOrThrow();
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


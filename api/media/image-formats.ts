import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import { readPage } from '../db/pagination';
import type { Page } from '../schema/requests';
import { MODERN_IMAGE_TYPES, type ModernImageType } from '../schema/image-types';
import type { Image, SceneImageFormat } from '../schema/tour';

/** The small pictures made from every panorama, as their file names begin: `thumb-<id>.jpg`, `thumb-<id>.webp`… */
export const VARIANT_KINDS = ['thumb', 'hotspot', 'mobile'] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];

/** File name endings of the modern types. */
export const MODERN_IMAGE_EXTENSIONS: Record<ModernImageType, string> = { 'image/avif': 'avif', 'image/webp': 'webp' };

/** Which kinds of a panorama's small pictures exist in which modern type. */
export type ImageVariants = Partial<Record<ModernImageType, VariantKind[]>>;

/** A stored panorama's address as uploads give it (under /media or MEDIA_BASE_URL): its id is what counts. */
const STORED_PANORAMA_ID = /\/tours\/([0-9a-f]{32})\.jpg(?=["\\]|$)/g;

/** The ids of the stored panoramas a tour's saved data names. */
export function panoramaIdsIn(data: string): string[] {
  return [...new Set(Array.from(data.matchAll(STORED_PANORAMA_ID), (match) => match[1]))];
}

/** Notes that a stored panorama's small pictures now exist in the modern types `variants` names. */
export async function recordImageFormats(db: Db, image: string, variants: ImageVariants): Promise<void> {
  const row = { image: image.replace(/\.jpg$/, ''), variants: JSON.stringify(variants) };
  await db
    .insertInto('image_format')
    .values(row)
    .onConflict((oc) => oc.column('image').doUpdateSet({ variants: row.variants }))
    .execute();
}

/** The modern variants of those of `ids` that have any, by id. */
export async function imageFormatsOf(db: Db, ids: string[]): Promise<Map<string, ImageVariants>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('image_format').select(['image', 'variants']).where('image', 'in', ids).execute();
  return new Map(rows.map((row) => [row.image, JSON.parse(row.variants) as ImageVariants]));
}

/**
 * One page of a list of tours (rows with their saved `data`), each made an item knowing the modern variants of the
 * panoramas the page names: one more query for the page, not one per tour.
 */
export async function readPageWithImageFormats<DB, TB extends keyof DB, Row extends { data: string }, Item>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, Row>,
  page: { page: number; perPage: number },
  toItem: (row: Row, known: Map<string, ImageVariants>) => Item,
): Promise<Page<Item>> {
  const rows = await readPage(query, page, (row) => row);
  const known = await imageFormatsOf(db, [...new Set(rows.items.flatMap((row) => panoramaIdsIn(row.data)))]);
  return { ...rows, items: rows.items.map((row) => toItem(row, known)) };
}

/** Ids per statement: far below either database's limit on parameters. */
const IDS_PER_DELETE = 500;

/** Forgets the variants of panoramas whose files went. */
export async function forgetImageFormats(db: Db, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += IDS_PER_DELETE) {
    await db
      .deleteFrom('image_format')
      .where('image', 'in', ids.slice(start, start + IDS_PER_DELETE))
      .execute();
  }
}

/**
 * A scene's small pictures in the modern types its panorama has, best first; undefined for a scene without any
 * (stored before them, or not one of our panoramas). Each address is the scene's own JPEG address with the type's
 * ending, so it keeps whatever base (our /media, MEDIA_BASE_URL's CDN) the upload gave it; a picture not made in
 * a type has '' there.
 */
export function sceneFormats(
  image: Pick<Image, 'url' | 'thumbUrl' | 'hotspotUrl' | 'mobileUrl'>,
  known: Map<string, ImageVariants>,
): SceneImageFormat[] | undefined {
  const id = /\/tours\/([0-9a-f]{32})\.jpg$/.exec(image.url)?.[1];
  const variants = id === undefined ? undefined : known.get(id);
  if (!variants) return undefined;
  const inType = (url: string, kind: VariantKind, type: ModernImageType) =>
    variants[type]?.includes(kind) && url.endsWith(`/${kind}-${id}.jpg`) ? `${url.slice(0, -'jpg'.length)}${MODERN_IMAGE_EXTENSIONS[type]}` : '';
  const formats = MODERN_IMAGE_TYPES.filter((type) => variants[type]?.length).map((type) => ({
    type,
    thumbUrl: inType(image.thumbUrl, 'thumb', type),
    hotspotUrl: inType(image.hotspotUrl, 'hotspot', type),
    mobileUrl: inType(image.mobileUrl, 'mobile', type),
  }));
  return formats.length > 0 ? formats : undefined;
}

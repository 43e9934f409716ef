import { sql } from 'kysely';
import { compressBody, type Coding } from '../http/compression';
import { commitStampOf, type Db } from '../db/database';
import { tourInView, type FoundTour, type TourView } from './tour-access';
import { findTourByShortId, TOUR_STATE_KEY, tourFromRecord } from './tour.repository';
import { SharedFreshReads } from '../db/shared-fresh-reads';

/** A tour as last read, with its answers serialised once per kind of view. */
interface Kept {
  /** The tour's id, write count and owner's type when it was read. */
  key: string;
  /** The database's commit stamp when `key` was last found current (SQLite files only). */
  stamp: string | undefined;
  found: FoundTour;
  answers: Map<TourView, Uint8Array<ArrayBuffer>>;
  /** The answers compressed, by view and coding; undefined where an answer is too short to compress. */
  compressed: Map<string, Uint8Array<ArrayBuffer> | undefined>;
}

export interface CachedTour {
  found: FoundTour;
  /** The tour shown as `view`, as JSON in UTF-8 (encoded once: a tour's texts make encoding it a cost per answer). */
  answer: (view: TourView) => Uint8Array<ArrayBuffer>;
  /** The same answer in `coding`, compressed once per state; undefined when it is too short to be worth it. */
  compressedAnswer: (view: TourView, coding: Coding) => Uint8Array<ArrayBuffer> | undefined;
}

/** Tours kept per database; the least recently read goes first. Each holds its row and up to three answers. */
const KEPT_TOURS = 256;

const utf8 = new TextEncoder();

/** Per database: the tours kept, and the key queries under way. */
interface DbCache {
  kept: Map<string, Kept>;
  keyReads: SharedFreshReads<string | undefined>;
}

const cacheByDb = new WeakMap<Db, DbCache>();

/** One statement, the same text every time, so SQLite keeps it prepared: the key of a tour's current state. */
export async function keyQuery(db: Db, shortId: string): Promise<string | undefined> {
  const { rows } = await sql<{ key: string }>`select ${TOUR_STATE_KEY} as key
    from tour left join "user" on "user".id = tour.user_id where tour.short_id = ${shortId}`.execute(db);
  return rows[0]?.key;
}

/**
 * Visitors read a tour far more often than anyone writes it, so a tour is read, validated and serialised once per
 * state and kept. Whether the kept state is still current is asked of the database: the row's write count (which
 * triggers raise on every write to the tour or its floor plans, from any route, command or process), its owner's
 * type (Pro Plus changes how it is shown) and the team it is shared with. That question is skipped while the
 * database's commit stamp says nothing has changed since it was last answered (a SQLite file; PostgreSQL listening
 * for commits, where a visitor may see another instance's save about a second late); `fresh` reads (signed-in
 * callers: owners and editors read their own saves at once) always ask. The reads of one tour that arrive together
 * share the question (SharedFreshReads). What the caller may see is not kept: it is decided for every request, and
 * only picks which of the kept answers is sent.
 */
export async function readTourCached(db: Db, shortId: string, { fresh = false }: { fresh?: boolean } = {}): Promise<CachedTour | undefined> {
  let cache = cacheByDb.get(db);
  if (!cache) cacheByDb.set(db, (cache = { kept: new Map(), keyReads: new SharedFreshReads() }));
  const { kept, keyReads } = cache;
  // Taken before the key query: a commit landing after it makes the next read ask again.
  const stamp = fresh ? undefined : commitStampOf(db)?.();
  let entry = kept.get(shortId);
  if (stamp === undefined || entry?.stamp !== stamp) {
    const current = await keyReads.read(shortId, () => keyQuery(db, shortId));
    if (current === undefined) return undefined;
    if (entry?.key !== current) {
      const record = await findTourByShortId(db, shortId);
      if (!record) return undefined;
      const found = { record, tour: tourFromRecord(record) };
      // Kept under the state actually read: a write landing between the two queries is found on the next read.
      entry = { key: record.stateKey, stamp, found, answers: new Map(), compressed: new Map() };
    }
    entry.stamp = stamp;
  }
  // Moved to the back of the least-recently-read order. Not taken out before the queries: reads of the same tour
  // waiting on them meanwhile would find nothing kept and each read the whole tour again.
  kept.delete(shortId);
  kept.set(shortId, entry);
  if (kept.size > KEPT_TOURS) kept.delete(kept.keys().next().value!);
  const { found, answers, compressed } = entry;
  const answer = (view: TourView) => {
    let bytes = answers.get(view);
    if (bytes === undefined) answers.set(view, (bytes = utf8.encode(JSON.stringify(tourInView(found.tour, view)))));
    return bytes;
  };
  return {
    found,
    answer,
    compressedAnswer: (view, coding) => {
      const key = `${view} ${coding}`;
      if (!compressed.has(key)) compressed.set(key, compressBody(answer(view), coding, 'kept'));
      return compressed.get(key);
    },
  };
}

import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '../db/database';

/** Letters that keep no base letter when decomposed, spelled the way a search types them. */
const SPELLED: Record<string, string> = { ł: 'l', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', đ: 'd', þ: 'th' };

/**
 * A title as search and sorting compare it: decomposed, without marks, the letters above spelled out, lower case,
 * so "Écurie" is found by "ecurie" and "Łukasz Żółć" by "lukasz zolc". Done here rather than in SQL, where
 * SQLite's lower() folds ASCII only; the column it fills is written with the title.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/[łøßæœđþ]/g, (letter) => SPELLED[letter] ?? letter);
}

/**
 * `search_title` holds the search, folded; `%` and `_` typed into a search are letters, not LIKE's wildcards.
 * PostgreSQL compares bytes (`COLLATE "C"`), as SQLite does, so both engines match and order alike whatever the
 * database's locale.
 */
export function titleHolds(db: Db, search: string): RawBuilder<boolean> {
  const pattern = `%${foldForSearch(search).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`tour.search_title${collation(db)} like ${pattern} escape '\\'`;
}

/** Sorting by title: the folded title, then the title itself so "Écurie" and "ecurie" keep one order. */
export function byTitle(db: Db): [RawBuilder<string>, RawBuilder<string>] {
  return [sql<string>`tour.search_title${collation(db)}`, sql<string>`tour.list_title${collation(db)}`];
}

function collation(db: Db) {
  return isPostgres(db) ? sql.raw(' collate "C"') : sql.raw('');
}

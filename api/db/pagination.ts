import { sql, type SelectQueryBuilder } from 'kysely';
import type { Page } from '../schema/requests';

/** One page of a filtered, ordered query, with the total count the lists answer (`{items, page, perPage, total}`). */
export async function readPage<DB, TB extends keyof DB, Row, Item>(
  query: SelectQueryBuilder<DB, TB, Row>,
  { page, perPage }: { page: number; perPage: number },
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const [rows, count] = await Promise.all([
    query
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toItem), page, perPage, total: Number((count as { total: number }).total) };
}

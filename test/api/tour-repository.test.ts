import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findTourByShortId, listTours, tourFromRecord } from '../../api/tours/tour.repository';
import { createTestApp } from './support/test-app';
import { json, signUp } from './support/users';

/** Counts the statements a Kysely instance sends. */
function countingQueries() {
  const counter = { queries: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counter.queries += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { counter, plugin };
}

describe('listTours', () => {
  it('reads a page of tours with their owner and floor plans in one query (plus the count), as each tour reads alone', async () => {
    const t = await createTestApp();
    const owner = await signUp(t, 'Owner');
    const shortIds: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const tour = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
      const saved = await t.app.request(
        `/api/tours/${tour.shortId}`,
        json({ revision: tour.revision, name, images: [{ id: 'hall', title: 'Hall' }] }, owner.auth),
      );
      expect(saved.status).toBe(200);
      for (const [sortOrder, plan] of ['Ground', 'Upstairs'].entries()) {
        const created = await t.app.request(
          `/api/floorplans/${tour.id}`,
          json({ name: plan, url: `/media/tours/${plan}.jpg`, sortOrder: 2 - sortOrder }, owner.auth),
        );
        expect(created.status).toBe(201);
      }
      shortIds.push(tour.shortId);
    }

    const { counter, plugin } = countingQueries();
    const page = await listTours(t.db.withPlugin(plugin), owner.id, { page: 1, perPage: 10 });
    expect(counter.queries).toBe(2);

    const alone = await Promise.all(shortIds.reverse().map(async (shortId) => tourFromRecord((await findTourByShortId(t.db, shortId))!)));
    expect(page).toEqual({ items: alone, page: 1, perPage: 10, total: 3 });
    expect(page.items[0].floorplans.map((plan) => plan.name)).toEqual(['Upstairs', 'Ground']);
  });

  it('answers an empty page for a user without tours', async () => {
    const t = await createTestApp();
    const owner = await signUp(t, 'Owner');
    expect(await listTours(t.db, owner.id, { page: 1, perPage: 10 })).toEqual({ items: [], page: 1, perPage: 10, total: 0 });
  });
});

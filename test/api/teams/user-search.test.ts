import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';
import { expectCall, person, teamWith } from '../support/teams';
import { guest } from '../support/users';

async function setUp() {
  const t = await createTestApp();
  const owner = await person(t, 'Olivia');
  const mark = await person(t, 'Mark Marsh');
  const martha = await person(t, 'Martha');
  const stranger = await person(t, 'Marvin');
  const team = await teamWith(t, owner, [[mark, 'view']]);
  const other = await teamWith(t, owner, [[martha, 'view']], 'Second');
  return { t, owner, mark, martha, stranger, team, other };
}

const search = (query: string) => `/users?${new URLSearchParams(query)}`;

describe('user search', () => {
  it('finds co-members by the start of their name or address, a stranger only by exact address; names and addresses only', async () => {
    const { t, owner, mark, martha, stranger } = await setUp();
    const found = await expectCall(t, 'GET', search('search=mar'), owner, 200);
    expect(found).toEqual({
      items: [
        { name: 'Mark Marsh', email: mark.email },
        { name: 'Martha', email: martha.email },
      ],
      page: 1,
      perPage: 10,
      total: 2,
    });
    expect((await expectCall(t, 'GET', search('search=Marv'), owner, 200)).items).toEqual([]);
    expect((await expectCall(t, 'GET', search(`search=${stranger.email.toUpperCase()}`), owner, 200)).items).toEqual([
      { name: 'Marvin', email: stranger.email },
    ]);
    // Not the middle of a name, nor LIKE's own characters.
    expect((await expectCall(t, 'GET', search('search=arsh'), owner, 200)).total).toBe(0);
    expect((await expectCall(t, 'GET', search('search=%%%'), owner, 200)).total).toBe(0);
    expect((await expectCall(t, 'GET', search('search=___'), owner, 200)).total).toBe(0);
  });

  it('with a team: its members, or with forTeam=1 the people to invite to it', async () => {
    const { t, owner, mark, martha, stranger, team } = await setUp();
    expect((await expectCall(t, 'GET', search(`search=mar&teamId=${team.id}`), owner, 200)).items).toEqual([{ name: 'Mark Marsh', email: mark.email }]);
    expect((await expectCall(t, 'GET', search(`search=mar&teamId=${team.id}&forTeam=1`), owner, 200)).items).toEqual([{ name: 'Martha', email: martha.email }]);
    await expectCall(t, 'GET', search(`search=mar&teamId=${team.id}`), stranger, 404);
  });

  it('refuses under 3 characters, more than 10 a page, a guest and an anonymous caller; never lists guests', async () => {
    const { t, owner } = await setUp();
    const short = await expectCall(t, 'GET', search('search=ma'), owner, 422);
    expect(short.error.details.fieldErrors.search).toEqual(['Type at least 3 characters.']);
    await expectCall(t, 'GET', search('search=%20%20%20ma'), owner, 422);
    await expectCall(t, 'GET', '/users', owner, 422);
    await expectCall(t, 'GET', search('search=mar&perPage=11'), owner, 422);
    await expectCall(t, 'GET', search('search=mar'), await guest(t), 403);
    await expectCall(t, 'GET', search('search=mar'), undefined, 401);
    expect((await expectCall(t, 'GET', search('search=Guest'), owner, 200)).total).toBe(0);
  });

  it('pages at most 10 at a time', async () => {
    const t = await createTestApp();
    const owner = await person(t, 'Olivia');
    const members = [];
    for (let i = 0; i < 12; i += 1) members.push([await person(t, `Agent ${String(i).padStart(2, '0')}`), 'view'] as const);
    await teamWith(
      t,
      owner,
      members.map(([member, permission]) => [member, permission]),
    );
    const first = await expectCall(t, 'GET', search('search=agent'), owner, 200);
    expect(first).toMatchObject({ perPage: 10, total: 12 });
    expect(first.items).toHaveLength(10);
    expect((await expectCall(t, 'GET', search('search=agent&page=2'), owner, 200)).items).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import type { Tour } from '../../../api/schema/tour';
import { OWNER_ONLY_FIELDS, type TourAccessAnswer } from '../../../api/schema/tour-access';
import type { TestApp } from '../support/test-app';
import { expectCall, savedTour, sharedTour, teamOfEachPermission, type Person } from '../support/teams';

function roleOf(t: TestApp, tour: Tour, user: Person): Promise<TourAccessAnswer> {
  return expectCall<TourAccessAnswer>(t, 'GET', `/tours/${tour.shortId}/access`, user, 200);
}

describe('GET /api/tours/{shortId}/access', () => {
  it('tells each caller their part in a private team tour, with the owner-only fields; strangers find no tour', async () => {
    const { t, owner, viewer, editor, admin, outsider, team } = await teamOfEachPermission();
    const tour = await sharedTour(t, owner, team, { privacy: 'Private' });
    for (const [user, role] of [
      [owner, 'owner'],
      [viewer, 'view'],
      [editor, 'edit'],
      [admin, 'admin'],
    ] as const) {
      expect(await roleOf(t, tour, user)).toEqual({ role, ownerOnlyFields: [...OWNER_ONLY_FIELDS] });
    }
    expect((await expectCall(t, 'GET', `/tours/${tour.shortId}/access`, outsider, 404)).error.code).toBe('TourNotFound');
    await expectCall(t, 'GET', `/tours/${tour.shortId}/access`, undefined, 401);
    expect((await expectCall(t, 'GET', '/tours/no-such-tour/access', owner, 404)).error.code).toBe('TourNotFound');
  });

  it('answers none to a signed-in stranger on a tour anyone may open', async () => {
    const { t, owner, outsider } = await teamOfEachPermission();
    for (const privacy of ['Public', 'Password']) {
      const tour = await savedTour(t, owner, { privacy, ...(privacy === 'Password' ? { password: 'open sesame' } : {}) });
      expect((await roleOf(t, tour, outsider)).role).toBe('none');
    }
  });

  it('follows a per-tour permission and ends with membership', async () => {
    const { t, owner, viewer, editor, team } = await teamOfEachPermission();
    const tour = await sharedTour(t, owner, team, { privacy: 'Private' });
    await expectCall(t, 'PUT', `/teams/${team.id}/sharedTour`, owner, 200, {
      tourId: tour.shortId,
      members: [
        { userId: viewer.id, permission: 'edit' },
        { userId: editor.id, permission: 'view' },
      ],
    });
    expect((await roleOf(t, tour, viewer)).role).toBe('edit');
    expect((await roleOf(t, tour, editor)).role).toBe('view');
    await expectCall(t, 'DELETE', `/teams/${team.id}/removeMembers`, owner, 200, { userIds: [editor.id] });
    await expectCall(t, 'GET', `/tours/${tour.shortId}/access`, editor, 404);
  });
});

describe('the owner-only fields', () => {
  const changes: Record<(typeof OWNER_ONLY_FIELDS)[number], Record<string, unknown>> = {
    privacy: { privacy: 'Public' },
    password: { password: 'a new secret' },
    whiteLabelUrl: { whiteLabelUrl: 'tours.example.com' },
    email: { email: 'elsewhere@example.com' },
    agentEmail: { agentEmail: 'agent@example.com' },
    isNotifyEnabled: { isNotifyEnabled: true },
  };

  it.each(OWNER_ONLY_FIELDS)('%s: an editor’s save that changes it is refused and names it; the owner’s is taken', async (field) => {
    const { t, owner, editor, team } = await teamOfEachPermission();
    const tour = await sharedTour(t, owner, team, { privacy: 'Private' });
    const asEditor = await expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, editor, 200);
    const refused = await expectCall(t, 'POST', `/tours/${tour.shortId}`, editor, 403, { ...asEditor, ...changes[field] });
    expect(refused.error.details).toEqual({ fields: [field] });
    await expectCall(t, 'POST', `/tours/${tour.shortId}`, editor, 200, { ...asEditor, title: 'Edited by Ed' });
    const current = await expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, owner, 200);
    await expectCall(t, 'POST', `/tours/${tour.shortId}`, owner, 200, { ...current, ...changes[field] });
  });
});

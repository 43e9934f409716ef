import { expect } from 'vitest';
import type { Permission, Team } from '../../../api/schema/team';
import type { Tour } from '../../../api/schema/tour';
import { lastLinkTo } from './mails';
import { createTestApp, type TestApp } from './test-app';
import { json, signUp, type TestUser } from './users';

export interface Person extends TestUser {
  email: string;
}

/**
 * A signed-up user with their e-mail address, which invitations go to, confirmed through the mailed link (only
 * confirmed addresses see invitations in the app); `confirmed: false` leaves it as sign-up left it.
 */
export async function person(t: TestApp, name: string, { confirmed = true } = {}): Promise<Person> {
  const user = await signUp(t, name);
  const { email } = await (await t.app.request('/api/status/user', { headers: user.auth })).json();
  if (confirmed) {
    const response = await t.app.request('/api/auth/confirm-email', json({ token: await lastLinkTo(t, email, 'confirm-email') }));
    expect(response.status, 'the address is confirmed').toBe(200);
  }
  return { ...user, email };
}

export function call(t: TestApp, method: string, path: string, user: TestUser | undefined, body?: unknown): Promise<Response> {
  const headers = user?.auth ?? {};
  return Promise.resolve(t.app.request(`/api${path}`, body === undefined ? { method, headers } : { ...json(body, headers), method }));
}

/** An answer read field by field in expect(): a tour, a page, a team or the one error shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it checks
type Answer = any;

/** Calls and expects `status`; answers the JSON. */
export async function expectCall<T = Answer>(t: TestApp, method: string, path: string, user: TestUser | undefined, status: number, body?: unknown): Promise<T> {
  const response = await call(t, method, path, user, body);
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text.slice(0, 300)}`).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The link of the newest invitation mail to `email`, and its token. */
export async function invitationMail(t: TestApp, email: string): Promise<{ subject: string; body: string; token: string }> {
  const mail = await t.db.selectFrom('outbox_email').selectAll().where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const token = /invitation=([\w-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no invitation link in: ${mail.body}`);
  return { subject: mail.subject, body: mail.body, token };
}

/** A team of `owner` with each of `members` invited and accepted at their permission. */
export async function teamWith(t: TestApp, owner: Person, members: Array<[Person, Permission]> = [], name = 'Agency'): Promise<Team> {
  const team = await expectCall<Team>(t, 'POST', '/teams', owner, 201, { name });
  for (const [member, permission] of members) {
    await expectCall(t, 'POST', `/teams/${team.id}/sendInvited`, owner, 201, { emails: [member.email], permission });
    await expectCall(t, 'PUT', `/teams/${team.id}/acceptInvited`, member, 200);
  }
  return team;
}

/** A tour of `owner` saved with `changes` (one scene by default); answers it as saved. */
export async function savedTour(t: TestApp, owner: TestUser, changes: Record<string, unknown> = {}): Promise<Tour> {
  const created = await expectCall<Tour>(t, 'POST', '/tours', owner, 201);
  return expectCall<Tour>(t, 'POST', `/tours/${created.shortId}`, owner, 200, {
    revision: created.revision,
    title: 'Harbour loft',
    images: [{ id: 'hall', title: 'Hall', url: '/media/tours/0123456789abcdef0123456789abcdef.jpg' }],
    ...changes,
  });
}

/** A team of Olivia's with one member of each permission, and Sam outside it. */
export async function teamOfEachPermission() {
  const t = await createTestApp();
  const owner = await person(t, 'Olivia');
  const viewer = await person(t, 'Vic');
  const editor = await person(t, 'Ed');
  const admin = await person(t, 'Ada');
  const outsider = await person(t, 'Sam');
  const team = await teamWith(t, owner, [
    [viewer, 'view'],
    [editor, 'edit'],
    [admin, 'admin'],
  ]);
  return { t, owner, viewer, editor, admin, outsider, team };
}

/** A tour of `owner` saved with `changes` and shared with `team`; answers it as its owner reads it. */
export async function sharedTour(t: TestApp, owner: Person, team: Team, changes: Record<string, unknown> = {}): Promise<Tour> {
  const tour = await savedTour(t, owner, changes);
  await expectCall(t, 'POST', `/teams/${team.id}/sharedTour`, owner, 201, { tourId: tour.shortId });
  return expectCall<Tour>(t, 'GET', `/tours/${tour.shortId}`, owner, 200);
}

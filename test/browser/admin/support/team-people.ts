import type { Team } from '../../../../api/schema/team';
import type { Tour } from '../../../../api/schema/tour';
import type { User } from '../../../../api/schema/user';
import { ownerCall, OWNER_PASSWORD } from './real-owner';

let counter = 0;

/** Another account on the real API (a colleague), signed up as a visitor of its own; the admin stays signed in as before. */
export async function colleague(name: string): Promise<User> {
  const email = `colleague${++counter}-${Date.now()}@example.com`;
  const response = await fetch('/api/auth/signup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Test-Visitor': email },
    body: JSON.stringify({ name, email, password: OWNER_PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: User };
  await confirmAddress(user.email);
  return user;
}

/** Opens the confirmation link mailed at sign-up, as the colleague would: only confirmed addresses see invitations in the app. */
async function confirmAddress(email: string): Promise<void> {
  const mails = (await (await fetch(`/test-mailbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ body: string }>;
  const token = mails.map((mail) => /\/confirm-email#(\S+)/.exec(mail.body)?.[1]).find(Boolean);
  if (!token) throw new Error(`no confirmation mail to ${email}`);
  const response = await fetch('/api/auth/confirm-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Test-Visitor': email },
    body: JSON.stringify({ token }),
  });
  if (response.status !== 200) throw new Error(`confirming ${email} failed: ${response.status} ${await response.text()}`);
}

/** A team of `owner` with `members` in it at their permissions, made through the real API. */
export async function teamOf(owner: User, name: string, members: Array<[User, 'view' | 'edit' | 'admin']> = []): Promise<Team> {
  const team = await ownerCall<Team>(owner, 'POST', '/teams', { name });
  for (const [member, permission] of members) {
    await ownerCall(owner, 'POST', `/teams/${team.id}/sendInvited`, { emails: [member.email], permission });
    await ownerCall(member, 'PUT', `/teams/${team.id}/acceptInvited`);
  }
  return team;
}

/** A tour of `owner` with a title, shared with `team`. */
export async function sharedTour(owner: User, team: Team, title: string): Promise<Tour> {
  const created = await ownerCall<Tour>(owner, 'POST', '/tours');
  const tour = await ownerCall<Tour>(owner, 'POST', `/tours/${created.shortId}`, { ...created, title });
  await ownerCall(owner, 'POST', `/teams/${team.id}/sharedTour`, { tourId: tour.shortId });
  return tour;
}

import { afterEach, describe, expect, it } from 'vitest';
import { decodedText } from '../support/smtp-server';
import { createMailingTestApp, mailsTo, TEST_PUBLIC_URL, type MailingTestApp } from './support/mails';
import { createTestApp } from './support/test-app';
import { json, signUp } from './support/users';

/** What a stranger sends to make the server believe it is reached at their address. */
const FORGED = { Host: 'attacker.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };

/** A request as it arrives with forged Host and X-Forwarded-* headers. */
function forged(path: string, init: RequestInit = { method: 'GET' }): [string, RequestInit] {
  return [`http://attacker.example${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...FORGED } }];
}

let mailing: MailingTestApp | undefined;
afterEach(async () => {
  await mailing?.close();
  mailing = undefined;
});

/** The text of the one mail to `to` that says `text`, once the SMTP server has it. */
async function mailedTo(to: string, text: string): Promise<string> {
  const find = () => mailing!.smtp.received.map((mail) => decodedText(mail.raw)).filter((raw) => raw.includes(`To: ${to}`) && raw.includes(text));
  await expect.poll(() => find()).toHaveLength(1);
  return find()[0];
}

function expectOnlyPublicUrl(raw: string, page: string): void {
  expect(raw).toContain(`${TEST_PUBLIC_URL}/${page}`);
  expect(raw).not.toMatch(/attacker|evil/);
  expect(raw).toMatch(/^From: Tour Platform <no-reply@localhost>/m);
}

describe('mailed links lead to PUBLIC_URL whatever Host a request names', () => {
  it('a password reset asked for with a forged Host and X-Forwarded-Host', async () => {
    mailing = await createMailingTestApp();
    const user = await signUp(mailing.t);
    const response = await mailing.t.app.request(...forged('/api/auth/password-reset', json({ email: user.email })));
    expect(response.status).toBe(202);
    expectOnlyPublicUrl(await mailedTo(user.email!, 'reset-password#'), 'reset-password#');
  });

  it('an invitation sent with a forged Host', async () => {
    mailing = await createMailingTestApp();
    const { t } = mailing;
    const owner = await signUp(t, 'Olivia');
    const team = await (await t.app.request('/api/teams', json({ name: 'Harbour Realty' }, owner.auth))).json();
    const invited = 'mark@agency.example';
    const response = await t.app.request(...forged(`/api/teams/${team.id}/sendInvited`, json({ emails: [invited], permission: 'edit' }, owner.auth)));
    expect(response.status).toBe(201);
    expectOnlyPublicUrl(await mailedTo(invited, 'teams?invitation='), 'teams?invitation=');
  });

  it('a notification’s unsubscribe link (in the text and the List-Unsubscribe header) when a visitor’s request forged Host', async () => {
    mailing = await createMailingTestApp();
    const { t } = mailing;
    const owner = await signUp(t);
    const created = await (await t.app.request('/api/tours', { method: 'POST', headers: owner.auth })).json();
    const tour = await (await t.app.request(`/api/tours/${created.shortId}`, json({ revision: created.revision, isNotifyEnabled: true }, owner.auth))).json();
    expect(await (await t.app.request(...forged(`/api/tours/${tour.shortId}/joinChat`))).json()).toEqual({ notified: true });
    const raw = await mailedTo(owner.email!, 'Stop these e-mails');
    expectOnlyPublicUrl(raw, 'unsubscribe#');
    expect(raw).toMatch(new RegExp(`^List-Unsubscribe:\\s+<${TEST_PUBLIC_URL}/unsubscribe#`, 'm'));
  });

  it('without mail and PUBLIC_URL, the outbox keeps the link’s path and token, never an address made from Host', async () => {
    const t = await createTestApp();
    const user = await signUp(t);
    expect((await t.app.request(...forged('/api/auth/password-reset', json({ email: user.email })))).status).toBe(202);
    const [reset] = (await mailsTo(t, user.email!)).filter((mail) => mail.body.includes('reset-password#'));
    expect(reset.body).toMatch(/^\/reset-password#\S+$/m);
    expect(reset.body).not.toMatch(/attacker|evil|localhost/);
  });
});

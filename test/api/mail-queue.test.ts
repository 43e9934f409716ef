import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailingTestApp, mailsTo, signUpAndClearMail, type MailingTestApp } from './support/mails';
import { json, signUp } from './support/users';

let mailing: MailingTestApp | undefined;
afterEach(async () => {
  await mailing?.close();
  mailing = undefined;
});

describe('the mail queue (a real SMTP server on loopback)', () => {
  it('a mail the SMTP server refuses for now is logged, retried after a wait and delivered, then marked sent', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    mailing = await createMailingTestApp({ refuseFirst: 1, logger });
    const { t, smtp } = mailing;
    const user = await signUp(t);
    await expect.poll(() => lines).toContainEqual(expect.objectContaining({ level: 40, msg: 'a mail was not sent; it will be tried again', attempts: 1 }));
    await expect.poll(() => smtp.received.map((mail) => mail.to), { timeout: 30_000 }).toEqual([[user.email!.toLowerCase()]]);
    await mailing.sendDue();
    expect(await t.db.selectFrom('mail_queue').selectAll().execute()).toEqual([]);
    expect((await t.db.selectFrom('outbox_email').select('sent_at').executeTakeFirstOrThrow()).sent_at).toBeTruthy();
  });

  it('a reset request is answered while the SMTP server holds its mail; the mail goes once it lets go', async () => {
    mailing = await createMailingTestApp();
    const { t, smtp } = mailing;
    const user = await signUpAndClearMail(mailing);
    const release = smtp.stall();
    const response = await t.app.request('/api/auth/password-reset', json({ email: user.email }));
    expect(response.status).toBe(202);
    expect(await mailsTo(t, user.email!)).toContainEqual(expect.objectContaining({ subject: 'Reset your password' }));
    expect(smtp.received).toEqual([]);
    release();
    await expect.poll(() => smtp.received).toHaveLength(1);
  });
});

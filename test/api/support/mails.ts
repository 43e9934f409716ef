import type { Logger } from '../../../api/config/logger';
import { startSmtp, type TestSmtp } from '../../support/smtp-server';
import { createTestApp, type TestApp } from './test-app';
import { signUp, type TestUser } from './users';

/** The address API tests request (`app.request` takes paths on http://localhost), which PUBLIC_URL must name. */
export const TEST_PUBLIC_URL = 'http://localhost';

export interface MailingTestApp {
  t: TestApp;
  smtp: TestSmtp;
  /** Sends what the app has queued (after any send under way) and resolves once each was tried. */
  sendDue: () => Promise<void>;
  /** Stops the app's mail sender, then the SMTP server. */
  close: () => Promise<void>;
}

/** The app mailing through a real SMTP server on loopback: nodemailer and the SMTP protocol, nothing faked. */
export async function createMailingTestApp({ refuseFirst, logger }: { refuseFirst?: number; logger?: Logger } = {}): Promise<MailingTestApp> {
  const smtp = await startSmtp({ refuseFirst });
  const t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: TEST_PUBLIC_URL }, { logger });
  const sender = t.mailSender!;
  return {
    t,
    smtp,
    sendDue: () => sender.sendDue(),
    close: async () => {
      await sender.stop();
      await smtp.close();
    },
  };
}

/** A new account whose sign-up mail (its address confirmation) was delivered and cleared from the SMTP server's list. */
export async function signUpAndClearMail(mailing: MailingTestApp, name?: string): Promise<TestUser> {
  const user = await signUp(mailing.t, name);
  await mailing.sendDue();
  mailing.smtp.received.length = 0;
  return user;
}

/** The mails the app has written for an address, oldest first, from its outbox table. */
export async function mailsTo(t: TestApp, address: string): Promise<Array<{ subject: string; body: string; userId: number | null }>> {
  const rows = await t.db.selectFrom('outbox_email').selectAll().where('to_address', '=', address).orderBy('id').execute();
  return rows.map((row) => ({ subject: row.subject, body: row.body, userId: row.user_id }));
}

/** The token after '#' of the link to `page` in a mail's text. */
export function linkToken(body: string, page: string): string {
  const match = new RegExp(`/${page}#(\\S+)`).exec(body);
  if (!match) throw new Error(`no /${page} link in:\n${body}`);
  return match[1];
}

/** The token of the last link to `page` mailed to the address. */
export async function lastLinkTo(t: TestApp, address: string, page: string): Promise<string> {
  const mails = (await mailsTo(t, address)).filter((mail) => mail.body.includes(`/${page}#`));
  if (mails.length === 0) throw new Error(`no /${page} mail to ${address}`);
  return linkToken(mails.at(-1)!.body, page);
}

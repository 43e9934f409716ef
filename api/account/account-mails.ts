import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { UserRow } from '../db/tables';
import { mailLink } from '../mail/mail-link';
import { CONFIRM_EMAIL_LIFETIME_MS, issueLink, linksSentSince, MAX_RESET_MAILS_PER_HOUR, PASSWORD_RESET_LIFETIME_MS } from './account-links';

/*
 * Mails that carry a key to the account go to the address only: they are kept out of the in-app outbox (userId
 * null), where whoever holds a session could read them. Each link's token follows the '#', so it reaches no log.
 */

/** Sends a link confirming `email` for the account: its address at sign-up, or the one it asks to change to. */
export async function mailEmailConfirmation(c: Context<AppEnv>, user: Pick<UserRow, 'id' | 'name'>, email: string): Promise<void> {
  const token = await issueLink(c.get('db'), user.id, 'confirm-email', email, CONFIRM_EMAIL_LIFETIME_MS);
  await c.get('mailer').send({
    to: email,
    userId: null,
    subject: 'Confirm your e-mail address',
    text: [
      `Hello ${user.name},`,
      '',
      `Please confirm that ${email} is your address by opening this link within 7 days:`,
      mailLink(c.get('config'), `/confirm-email#${token}`),
      '',
      'If you did not ask for this, ignore this mail: nothing changes.',
    ].join('\n'),
  });
}

/** Sends a one-time password reset link, unless the account was sent too many this hour. */
export async function mailPasswordReset(c: Context<AppEnv>, user: Pick<UserRow, 'id' | 'name' | 'email'>): Promise<void> {
  if ((await linksSentSince(c.get('db'), user.id, 'password-reset', new Date(Date.now() - 60 * 60_000))) >= MAX_RESET_MAILS_PER_HOUR) return;
  const token = await issueLink(c.get('db'), user.id, 'password-reset', user.email!, PASSWORD_RESET_LIFETIME_MS);
  await c.get('mailer').send({
    to: user.email!,
    userId: null,
    subject: 'Reset your password',
    text: [
      `Hello ${user.name},`,
      '',
      'Open this link within an hour to choose a new password. It works once, and signs you out everywhere else:',
      mailLink(c.get('config'), `/reset-password#${token}`),
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });
}

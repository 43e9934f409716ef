import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { mailLink } from '../mail/mail-link';
import { findUserById } from '../users/user.repository';
import { mailedKinds } from './mail-settings';
import { notify, type NewNotification } from './notify';
import { unsubscribeToken } from './unsubscribe-token';

export interface OwnerNews extends NewNotification {
  /** The mail besides the inbox entry; to the owner's address unless `to` names another (a tour's agent). */
  mail?: { to?: string; replyTo?: string; subject: string; text: string };
}

/** The page an unsubscribe link opens; the token follows the '#', so it reaches no server log. */
export function unsubscribeUrl(c: Context<AppEnv>, userId: number, kind: NewNotification['kind']): string {
  return mailLink(c.get('config'), `/unsubscribe#${unsubscribeToken(userId, kind, c.get('config').jwtSecret)}`);
}

/**
 * Puts news into the owner's inbox and, unless they turned this kind of mail off, mails it with a link that stops
 * that kind of mail without signing in.
 */
export async function tellOwner(c: Context<AppEnv>, news: OwnerNews): Promise<void> {
  await notify(c.get('db'), news);
  if (!news.mail || !(await mailedKinds(c.get('db'), news.userId))[news.kind]) return;
  const to = news.mail.to || (await findUserById(c.get('db'), news.userId))?.email;
  if (!to) return;
  const unsubscribe = unsubscribeUrl(c, news.userId, news.kind);
  await c.get('mailer').send({
    to,
    userId: news.userId,
    subject: news.mail.subject,
    text: `${news.mail.text}\n\n--\nYou get this because of your notification settings. Stop these e-mails: ${unsubscribe}`,
    unsubscribeUrl: unsubscribe,
    replyTo: news.mail.replyTo,
  });
}

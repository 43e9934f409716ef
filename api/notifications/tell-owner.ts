import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Config } from '../config/config';
import { mailLink } from '../mail/mail-link';
import type { MailKind } from '../schema/notifications';
import { findUserById } from '../users/user.repository';
import { mailedKinds } from './mail-settings';
import { notify, type NewNotification } from './notify';
import { unsubscribeToken } from './unsubscribe-token';

export interface OwnerNews extends NewNotification {
  /** The mail besides the inbox entry; to the owner's address unless `to` names another (a tour's agent). */
  mail?: { to?: string; replyTo?: string; subject: string; text: string };
}

/** The page an unsubscribe link opens; the token follows the '#', so it reaches no server log. */
export function unsubscribeUrl(config: Config, userId: number, kind: MailKind): string {
  return mailLink(config, `/unsubscribe#${unsubscribeToken(userId, kind, config.jwtSecret)}`);
}

/** A notification mail's text with the line every one of them ends with. */
export function withUnsubscribeLine(text: string, unsubscribe: string): string {
  return `${text}\n\n--\nYou get this because of your notification settings. Stop these e-mails: ${unsubscribe}`;
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
  const unsubscribe = unsubscribeUrl(c.get('config'), news.userId, news.kind);
  await c.get('mailer').send({
    to,
    userId: news.userId,
    subject: news.mail.subject,
    text: withUnsubscribeLine(news.mail.text, unsubscribe),
    unsubscribeUrl: unsubscribe,
    replyTo: news.mail.replyTo,
  });
}

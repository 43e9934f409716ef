import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_KINDS, type MailKind } from '../schema/notifications';

/**
 * The token of a mail's unsubscribe link: the account and the kind of mail, signed. It works without a sign-in and
 * does not expire, as unsubscribe links must; all it can do is stop one kind of mail to one account.
 */
function signature(userId: number, kind: MailKind, secret: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');
}

export function unsubscribeToken(userId: number, kind: MailKind, secret: string): string {
  return `${userId}.${kind}.${signature(userId, kind, secret)}`;
}

/** The account and kind a token names, or undefined when it is forged or malformed. */
export function readUnsubscribeToken(token: string, secret: string): { userId: number; kind: MailKind } | undefined {
  const [id, kind, signed, ...rest] = token.split('.');
  const userId = Number(id);
  if (rest.length > 0 || !/^\d{1,15}$/.test(id ?? '') || !MAIL_KINDS.includes(kind as MailKind) || !signed) return undefined;
  const expected = Buffer.from(signature(userId, kind as MailKind, secret));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind: kind as MailKind } : undefined;
}

import { z } from 'zod';
import { signupSchema } from './auth-requests';
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications';
import { tourInputSchema } from './tour';

/** The account page's view of the signed-in owner. */
export interface AccountSettings {
  name: string;
  email: string;
  picture: string;
  /** Whether the address was confirmed by the link mailed to it. */
  emailConfirmed: boolean;
  /** An address the owner asked to change to, until they open the link mailed to it. */
  pendingEmail: string | null;
  /** Which kinds of notification are also sent by e-mail. */
  mailed: Record<NotificationKind, boolean>;
  /** Whether this server sends mail at all (SMTP_URL): without it, mails only wait in the outbox. */
  mailSetUp: boolean;
}

/** What deleting the account removes, listed before the owner confirms. */
export interface AccountDeletionList {
  tours: Array<{ shortId: string; title: string }>;
  /** Pictures (logos, hotspot faces…) and ambience sounds in the owner's library. */
  libraryPictures: number;
  librarySounds: number;
  teams: Array<{ id: number; name: string }>;
  /** A Pro Plus subscription that deleting cancels. */
  cancelsSubscription: boolean;
  /** Payment records stay for the books, no longer linked to the account. */
  paymentsKept: number;
}

const password = signupSchema.shape.password;
const currentPassword = z.string().min(1, 'Please enter your current password.').max(200, 'Your password can be at most 200 characters.');

export const passwordResetRequestSchema = z.object({ email: signupSchema.shape.email });

/** A link's token travels in the body, never in an address that logs or referrers would keep. */
const linkToken = z.string().min(1).max(200);

export const passwordResetSchema = z.object({ token: linkToken, password });

export const linkTokenSchema = z.object({ token: linkToken });

export const emailChangeSchema = z.object({ email: signupSchema.shape.email, password: currentPassword });

export const passwordChangeSchema = z.object({ currentPassword, newPassword: password });

export const mailSettingsSchema = z.object({ mailed: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()) });

export const accountDeletionSchema = z.object({ password: currentPassword });

/** What an unsubscribe link stopped, as its page then says. */
export interface UnsubscribeTarget {
  kind: NotificationKind;
}

/**
 * The brand an owner's new tours start with, set once on the account page: the same fields, checked the same way,
 * as in a tour's brand kit.
 */
export const brandDefaultsSchema = tourInputSchema
  .pick({
    logo: true,
    companyName: true,
    contacts: true,
    agentName: true,
    agentEmail: true,
    isLinkbackEnabled: true,
    linkbackUrl: true,
  })
  // A field it does not know is a client's mistake, not something to drop while every other field takes its default.
  .strict();
export type BrandDefaults = z.infer<typeof brandDefaultsSchema>;

/** What "Apply to all my tours" changed: the tours given the brand, each a new revision. */
export interface BrandApplied {
  tours: number;
}

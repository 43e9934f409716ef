import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/current-user';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { revokeAllSessions } from '../auth/sessions';
import type { Payments } from '../billing/stripe-client';
import type { UserRow } from '../db/tables';
import { ApiError, parseOr422, readJson } from '../http/errors';
import { removeUnreferencedFiles } from '../media/unreferenced-files';
import { mailedKinds, setMailed } from '../notifications/mail-settings';
import { readUnsubscribeToken } from '../notifications/unsubscribe-token';
import { rateLimit } from '../http/rate-limit';
import type { RoomHub } from '../rtc/room-hub';
import {
  accountDeletionSchema,
  brandDefaultsSchema,
  emailChangeSchema,
  linkTokenSchema,
  mailSettingsSchema,
  passwordChangeSchema,
  type AccountSettings,
  type BrandApplied,
  type UnsubscribeTarget,
} from '../schema/account';
import { cancelSubscription, deleteAccount, listAccountDeletion } from './account-deletion';
import { mailEmailConfirmation } from './account-mails';
import { applyBrandToAllTours, brandOf, saveBrand } from './brand-defaults';
import { requireFreeEmail } from './email-change';

/** A refusal shown under the form field it concerns. */
function fieldRefusal(field: string, message: string): ApiError {
  return new ApiError(422, 'ValidationFailed', message, { details: { formErrors: [], fieldErrors: { [field]: [message] } } });
}

/** Changes that need the password: an account with one, which the caller typed right. */
async function requirePassword(user: UserRow, password: string, field: string): Promise<void> {
  if (!user.password_hash) throw new ApiError(403, 'AccountRequired', 'A guest session has no password: create an account first.');
  if (!(await verifyPassword(password, user.password_hash))) throw fieldRefusal(field, 'That is not your current password.');
}

async function settingsOf(c: Context<AppEnv>, user: UserRow): Promise<AccountSettings> {
  const pending = await c
    .get('db')
    .selectFrom('account_link')
    .select('email')
    .where('user_id', '=', user.id)
    .where('purpose', '=', 'confirm-email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .where('email', '!=', user.email ?? '')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return {
    name: user.name,
    email: user.email ?? '',
    picture: user.picture,
    emailConfirmed: !!user.email_confirmed_at,
    pendingEmail: pending?.email ?? null,
    mailed: await mailedKinds(c.get('db'), user.id),
    mailSetUp: !!c.get('config').smtpUrl,
  };
}

/** `/account`: the signed-in owner's address, password, mail settings and deletion; and unsubscribe links. */
export function accountRoutes(hub: RoomHub, payments: Payments | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const mails = rateLimit({ max: 10, windowMs: 60 * 60_000 });

  app.get('/', async (c) => c.json(await settingsOf(c, requireUser(c))));

  app.get('/brand', (c) => c.json(brandOf(requireUser(c))));

  app.put('/brand', async (c) => {
    const user = requireUser(c);
    const brand = parseOr422(brandDefaultsSchema, await readJson(c));
    await saveBrand(c.get('db'), user.id, brand);
    return c.json(brand);
  });

  app.post('/brand/apply', async (c) => {
    const user = requireUser(c);
    const applied: BrandApplied = { tours: await applyBrandToAllTours(c.get('db'), user.id, brandOf(user)) };
    return c.json(applied);
  });

  app.post('/email', mails, async (c) => {
    const user = requireUser(c);
    const input = parseOr422(emailChangeSchema, await readJson(c));
    await requirePassword(user, input.password, 'password');
    const email = input.email.toLowerCase();
    if (email === user.email) throw fieldRefusal('email', 'This is already your address.');
    await requireFreeEmail(c.get('db'), email, user.id);
    await mailEmailConfirmation(c, user, email);
    return c.json(await settingsOf(c, user), 202);
  });

  app.post('/email/confirmation', mails, async (c) => {
    const user = requireUser(c);
    if (!user.email) throw new ApiError(403, 'AccountRequired', 'A guest session has no address to confirm: create an account first.');
    if (user.email_confirmed_at) throw new ApiError(409, 'Conflict', 'Your address is already confirmed.');
    await mailEmailConfirmation(c, user, user.email);
    return c.json({ sent: true }, 202);
  });

  app.post('/password', async (c) => {
    const user = requireUser(c);
    const input = parseOr422(passwordChangeSchema, await readJson(c));
    await requirePassword(user, input.currentPassword, 'currentPassword');
    const passwordHash = await hashPassword(input.newPassword);
    await c
      .get('db')
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('user').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
        // Whoever else held a session (a lost phone, a shared computer) is signed out; this one stays.
        await revokeAllSessions(trx, user.id, c.get('sessionId'));
      });
    return c.body(null, 204);
  });

  app.put('/notifications', async (c) => {
    const user = requireUser(c);
    const { mailed } = parseOr422(mailSettingsSchema, await readJson(c));
    await setMailed(c.get('db'), user.id, mailed);
    return c.json(await settingsOf(c, user));
  });

  app.get('/deletion', async (c) => c.json(await listAccountDeletion(c.get('db'), requireUser(c))));

  app.delete('/', async (c) => {
    const user = requireUser(c);
    const { password } = parseOr422(accountDeletionSchema, await readJson(c));
    await requirePassword(user, password, 'password');
    // First: should Stripe not answer, the account stays rather than go on being charged with nobody to see it.
    await cancelSubscription(payments, user);
    const { tourIds, named } = await deleteAccount(c.get('db'), user.id);
    await Promise.all(tourIds.map((id) => hub.endRoom(String(id))));
    await removeUnreferencedFiles(c.get('db'), c.get('media'), c.get('logger'), named);
    return c.body(null, 204);
  });

  // Opened from a mail, signed in or not: the signed link names the account and the kind of mail it stops.
  app.post('/unsubscribe', rateLimit({ max: 20, windowMs: 60_000 }), async (c) => {
    const { token } = parseOr422(linkTokenSchema, await readJson(c));
    const target = readUnsubscribeToken(token, c.get('config').jwtSecret);
    const owner = target && (await c.get('db').selectFrom('user').select('id').where('id', '=', target.userId).executeTakeFirst());
    if (!target || !owner) throw new ApiError(400, 'InvalidLink', 'This unsubscribe link is not valid. Change your e-mails on your account page instead.');
    await setMailed(c.get('db'), target.userId, { [target.kind]: false });
    return c.json<UnsubscribeTarget>({ kind: target.kind });
  });

  return app;
}

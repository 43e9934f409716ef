import type { Db } from '../db/database';
import { MAIL_KINDS, type MailKind } from '../schema/notifications';

/** Which kinds of mail the account gets: all, unless turned off. */
export async function mailedKinds(db: Db, userId: number): Promise<Record<MailKind, boolean>> {
  const off = await db.selectFrom('notification_mail_off').select('kind').where('user_id', '=', userId).execute();
  const offKinds = new Set(off.map((row) => row.kind));
  return Object.fromEntries(MAIL_KINDS.map((kind) => [kind, !offKinds.has(kind)])) as Record<MailKind, boolean>;
}

/** Turns mail of each given kind on or off; kinds not given stay as they are. */
export async function setMailed(db: Db, userId: number, mailed: Partial<Record<MailKind, boolean>>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [kind, on] of Object.entries(mailed) as Array<[MailKind, boolean]>) {
      await trx.deleteFrom('notification_mail_off').where('user_id', '=', userId).where('kind', '=', kind).execute();
      if (!on) await trx.insertInto('notification_mail_off').values({ user_id: userId, kind }).execute();
    }
  });
}

import type { TestApp } from './test-app';

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

import type { Kysely } from 'kysely';

/**
 * The search form of a title as this migration found it: decomposed, without marks, the letters that do not
 * decompose spelled out, lower case. A frozen copy: the running code's fold may change later, and each later
 * change brings its own migration to rewrite the column.
 */
function foldAsOf20261127(text: string): string {
  const spelled: Record<string, string> = { ł: 'l', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', đ: 'd', þ: 'th' };
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/[łøßæœđþ]/g, (letter) => spelled[letter] ?? letter);
}

// Owners' follow-up of their visitors and tours:
// - `tour.search_title`: the title folded for case and accents, written with the title, so search and sort treat
//   "Écurie" and "ecurie" alike on SQLite (whose lower() is ASCII only) and PostgreSQL the same way;
// - a showing request's preferred date and time, as the visitor's local date-time and their IANA time zone;
// - `outbox_email.reply_to`: a lead's or showing's mail is answered to the visitor, not to the platform;
// - `team_invitation.link_token_hash`: the link an inviter copies to hand over themselves (installs without mail),
//   which joins the team but, unlike the mailed one, proves nothing about the address.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tour')
    .addColumn('search_title', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  const tours = (await db.selectFrom('tour').select(['id', 'list_title']).execute()) as Array<{ id: number; list_title: string }>;
  for (const tour of tours) {
    await db
      .updateTable('tour')
      .set({ search_title: foldAsOf20261127(tour.list_title) })
      .where('id', '=', tour.id)
      .execute();
  }
  await db.schema.createIndex('tour_user_search_title').on('tour').columns(['user_id', 'search_title']).execute();

  await db.schema.alterTable('showing_request').addColumn('preferred_at', 'text').execute();
  await db.schema.alterTable('showing_request').addColumn('preferred_time_zone', 'text').execute();

  await db.schema.alterTable('outbox_email').addColumn('reply_to', 'text').execute();

  await db.schema.alterTable('team_invitation').addColumn('link_token_hash', 'text').execute();
  await db.schema.createIndex('team_invitation_link_token_hash').on('team_invitation').column('link_token_hash').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('team_invitation_link_token_hash').execute();
  await db.schema.alterTable('team_invitation').dropColumn('link_token_hash').execute();
  await db.schema.alterTable('outbox_email').dropColumn('reply_to').execute();
  await db.schema.alterTable('showing_request').dropColumn('preferred_time_zone').execute();
  await db.schema.alterTable('showing_request').dropColumn('preferred_at').execute();
  await db.schema.dropIndex('tour_user_search_title').execute();
  await db.schema.alterTable('tour').dropColumn('search_title').execute();
}

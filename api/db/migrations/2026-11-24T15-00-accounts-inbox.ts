import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Accounts from before addresses were confirmed keep receiving what they always did.
  await db.schema.alterTable('user').addColumn('email_confirmed_at', 'text').execute();
  await db.updateTable('user').set({ email_confirmed_at: new Date().toISOString() }).where('email', 'is not', null).execute();

  await db.schema
    .createTable('account_link')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('account_link_user_id').on('account_link').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('notification_mail_off')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('notification_mail_off_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .alterTable('tour')
    .addColumn('list_title', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // Filled in here from each tour's JSON, read by this code rather than by SQL JSON functions, which differ by engine.
  const tours = await db.selectFrom('tour').select(['id', 'data']).execute();
  for (const tour of tours as Array<{ id: number; data: string }>) {
    const { title, name } = JSON.parse(tour.data) as { title?: string; name?: string };
    await db
      .updateTable('tour')
      .set({ list_title: title || name || '' })
      .where('id', '=', tour.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tour').dropColumn('list_title').execute();
  await db.schema.dropTable('notification_mail_off').execute();
  await db.schema.dropTable('account_link').execute();
  await db.schema.alterTable('user').dropColumn('email_confirmed_at').execute();
}

import type { Kysely } from 'kysely';

// The brand an owner's new tours start with (logo, contacts, agent, link-back), as JSON text validated on every
// write like a tour's own parts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('brand', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('brand').execute();
}

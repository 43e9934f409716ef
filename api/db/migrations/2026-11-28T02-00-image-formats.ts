import { type Kysely } from 'kysely';

// One row per stored panorama whose small pictures were also written in modern image types: the tour answer lists
// those (the viewer picks one its browser decodes), and panoramas stored before them have none until a command
// makes them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('image_format')
    .addColumn('image', 'text', (col) => col.primaryKey())
    .addColumn('variants', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('image_format').execute();
}

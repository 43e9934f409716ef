import { sql, type Kysely } from 'kysely';

// The `when` guards stop a write the triggers make themselves from counting twice (or recursing, where recursive
// triggers are on). A floor plan moved to another tour counts on both.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tour')
    .addColumn('write_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`create trigger tour_written after update on tour when new.write_count = old.write_count
    begin update tour set write_count = old.write_count + 1 where id = new.id; end`.execute(db);
  await sql`create trigger floorplan_inserted after insert on floorplan
    begin update tour set write_count = write_count + 1 where id = new.tour_id; end`.execute(db);
  await sql`create trigger floorplan_updated after update on floorplan
    begin update tour set write_count = write_count + 1 where id in (old.tour_id, new.tour_id); end`.execute(db);
  await sql`create trigger floorplan_deleted after delete on floorplan
    begin update tour set write_count = write_count + 1 where id = old.tour_id; end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ['tour_written', 'floorplan_inserted', 'floorplan_updated', 'floorplan_deleted']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await db.schema.alterTable('tour').dropColumn('write_count').execute();
}

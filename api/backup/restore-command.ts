// `npm run restore -- FILE`: puts a backup back into the data folder (DATA_DIR) of a SQLite install; stop the server first.
import { restore } from './archive';
import { archiveAndDataDir, run } from './command-line';

const { archive, dataDir } = archiveAndDataDir('npm run restore -- FILE');
await run(async () => {
  if (process.env.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: the data is in PostgreSQL, which this command does not restore. Use pg_restore on a pg_dump backup (and restore the media store and JWT_SECRET as you keep them).',
    );
  }
  await restore(archive, dataDir);
  return `Restored ${archive} into ${dataDir}`;
});

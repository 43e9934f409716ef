import { runOperatorCommand } from './billing/operator-commands';
import { dataDirFrom, loadConfig } from './config/config';
import { migrateToLatest, openConfiguredDatabase, type Db } from './db/database';
import { openMediaStorage } from './media/open-media-storage';
import { makeMissingVariants } from './media/variants-command';

/** The database of the settings, migrated; a folder without one or a server that does not answer is one plain line and exit code 1. */
async function openOrExit(): Promise<Db> {
  const settings = { dataDir: dataDirFrom(process.env), databaseUrl: process.env.DATABASE_URL || undefined };
  try {
    const db = openConfiguredDatabase(settings);
    await migrateToLatest(db);
    return db;
  } catch (err) {
    const where = settings.databaseUrl ? 'DATABASE_URL' : `DATA_DIR (${settings.dataDir})`;
    process.stderr.write(`The database of ${where} could not be opened: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}

// `npm run admin -- …`: works on the database of the settings (DATABASE_URL, else DATA_DIR's), while the server runs or not.
const db = await openOrExit();
const args = process.argv.slice(2);
let code: number;
if (args.length === 1 && args[0] === 'variants') {
  // Also needs the media store the server writes to (the data folder's, or S3_*'s bucket).
  const outcome = await makeMissingVariants(db, await openMediaStorage(loadConfig(process.env)), (line) => process.stdout.write(`${line}\n`));
  code = outcome.failed === 0 ? 0 : 1;
} else {
  const result = await runOperatorCommand(db, args);
  (result.code === 0 ? process.stdout : process.stderr).write(`${result.message}\n`);
  code = result.code;
}
await db.destroy();
process.exit(code);

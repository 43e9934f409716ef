import { runOperatorCommand } from './billing/operator-commands';
import { dataDirFrom, loadConfig } from './config/config';
import { migrateToLatest, openConfiguredDatabase } from './db/database';
import { openMediaStorage } from './media/open-media-storage';
import { makeMissingVariants } from './media/variants-command';

// `npm run admin -- …`: works on the database of the settings (DATABASE_URL, else DATA_DIR's), while the server runs or not.
const db = openConfiguredDatabase({ dataDir: dataDirFrom(process.env), databaseUrl: process.env.DATABASE_URL || undefined });
await migrateToLatest(db);
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

import { runOperatorCommand } from './billing/operator-commands';
import { dataDirFrom } from './config/config';
import { migrateToLatest, openConfiguredDatabase } from './db/database';

// `npm run admin -- …`: works on the database of the settings (DATABASE_URL, else DATA_DIR's), while the server runs or not.
const db = openConfiguredDatabase({ dataDir: dataDirFrom(process.env), databaseUrl: process.env.DATABASE_URL || undefined });
await migrateToLatest(db);
const { code, message } = await runOperatorCommand(db, process.argv.slice(2));
(code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
await db.destroy();
process.exit(code);

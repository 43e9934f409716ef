import { runOperatorCommand } from './billing/operator-commands';
import { databaseFile, dataDirFrom } from './config';
import { migrateToLatest, openDatabase } from './db/database';

// `npm run admin -- …`: works on the data folder of the settings (DATA_DIR), while the server runs or not.
const db = openDatabase(databaseFile(dataDirFrom(process.env)));
await migrateToLatest(db);
const { code, message } = await runOperatorCommand(db, process.argv.slice(2));
(code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
await db.destroy();
process.exit(code);

import { pino } from 'pino';
import { runOperatorCommand } from './billing/operator-commands';
import { dataDirFrom, loadConfig, SettingsError, type Config } from './config/config';
import { migrateToLatest, openConfiguredDatabase, type Db } from './db/database';
import { openMediaStorage } from './media/open-media-storage';
import { runTilesCommand } from './media/tiles/tiles-command';

/** The database of the settings, migrated; a folder without one or a server that does not answer is one plain line and exit code 1. */
async function openOrExit(settings: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Db> {
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

/** Tiles are stored where the server keeps media (the data folder or the S3_* bucket): all of its settings apply. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    process.stderr.write(`${err.problems.join('\n')}\n`);
    process.exit(2);
  }
}

// `npm run admin -- …`: works on the database of the settings (DATABASE_URL, else DATA_DIR's), while the server runs or not.
const args = process.argv.slice(2);
if (args.length === 1 && args[0] === 'tiles') {
  const config = configOrExit();
  const db = await openOrExit(config);
  const code = await runTilesCommand({
    db,
    media: await openMediaStorage(config),
    logger: pino({ level: 'warn' }, pino.destination(2)),
    spoolDir: config.dataDir,
    say: (line) => process.stdout.write(`${line}\n`),
  });
  await db.destroy();
  process.exit(code);
}
const db = await openOrExit({ dataDir: dataDirFrom(process.env), databaseUrl: process.env.DATABASE_URL || undefined });
const { code, message } = await runOperatorCommand(db, args);
(code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
await db.destroy();
process.exit(code);

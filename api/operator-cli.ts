import { pino } from 'pino';
import { runOperatorCommand } from './billing/operator-commands';
import { dataDirFrom, loadConfig, SettingsError } from './config/config';
import { migrateToLatest, openConfiguredDatabase } from './db/database';
import { openMediaStorage } from './media/open-media-storage';
import { runTilesCommand } from './media/tiles/tiles-command';

// `npm run admin -- …`: works on the database of the settings (DATABASE_URL, else DATA_DIR's), while the server runs or not.
const args = process.argv.slice(2);
if (args.length === 1 && args[0] === 'tiles') {
  // Tiles are stored where the server keeps media (the data folder or the S3_* bucket): all of its settings apply.
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    process.stderr.write(`${err.problems.join('\n')}\n`);
    process.exit(2);
  }
  const db = openConfiguredDatabase(config);
  await migrateToLatest(db);
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
const db = openConfiguredDatabase({ dataDir: dataDirFrom(process.env), databaseUrl: process.env.DATABASE_URL || undefined });
await migrateToLatest(db);
const { code, message } = await runOperatorCommand(db, args);
(code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
await db.destroy();
process.exit(code);

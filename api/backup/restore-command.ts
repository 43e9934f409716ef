// `npm run restore -- FILE`: puts a backup back into the data folder (DATA_DIR); stop the server first.
import { restore } from './archive';
import { archiveAndDataDir, run } from './command-line';

const { archive, dataDir } = archiveAndDataDir('npm run restore -- FILE');
await run(async () => {
  await restore(archive, dataDir);
  return `Restored ${archive} into ${dataDir}`;
});

// `npm run backup -- FILE`: one archive of the data folder (DATA_DIR), safe while the server runs.
import { backUp } from './archive';
import { archiveAndDataDir, run } from './command-line';

const { archive, dataDir } = archiveAndDataDir('npm run backup -- FILE');
await run(async () => {
  await backUp(dataDir, archive);
  return `Backed up ${dataDir} to ${archive}`;
});

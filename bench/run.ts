// `npm run bench`: measures each figure against the budget its bench file names, and writes bench/results/*.json.
// Exits non-zero when a budget is exceeded.
import { readFileSync } from 'node:fs';
import { benchAnalytics } from './analytics.bench';
import { benchApi, benchApiPostgres } from './api.bench';
import { benchBundle } from './bundle.bench';
import { benchLateJoiner } from './late-joiner.bench';
import { benchStatic } from './static.bench';
import { benchTiles } from './tiles.bench';
import { benchUpload } from './upload.bench';
import { benchVideo, benchVideoAcrossInstances } from './video.bench';
import { benchViewer } from './viewer.bench';

const BENCHES: Array<[string, () => Promise<void>]> = [
  ['bundle', benchBundle],
  ['static', benchStatic],
  ['api', benchApi],
  ['api-postgres', benchApiPostgres],
  ['upload', benchUpload],
  ['tiles', benchTiles],
  ['viewer', benchViewer],
  ['video', benchVideo],
  ['video-instances', benchVideoAcrossInstances],
  ['late-joiner', benchLateJoiner],
  ['analytics', benchAnalytics],
];

const only = process.argv.slice(2);
for (const [name, bench] of BENCHES) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n=== bench: ${name}`);
  await bench();
}

const over = BENCHES.map(([name]) => name).filter((name) => {
  if (only.length > 0 && !only.includes(name)) return false;
  return !JSON.parse(readFileSync(`bench/results/${name}.json`, 'utf8')).withinBudget;
});
if (over.length > 0) {
  console.error(`Over budget: ${over.join(', ')}`);
  process.exit(1);
}

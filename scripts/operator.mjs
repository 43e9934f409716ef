// `npm run admin -- …`: from the sources where the dev tools are installed (tsx), else the build in dist/ (a server
// installed with `npm ci --omit=dev` after `npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
let entry;
try {
  entry = [createRequire(import.meta.url).resolve('tsx/cli'), root('api/operator-cli.ts')];
} catch {
  entry = [root('dist/api/admin.js')];
  if (!existsSync(entry[0])) {
    console.error('dist/api/admin.js is missing: run `npm run build` first.');
    process.exit(2);
  }
}
const { status } = spawnSync(process.execPath, [...entry, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(status ?? 1);

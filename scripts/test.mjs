// `npm test`: every layer, in Debian's Chromium, failing on any failure. Prints one closing count line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { chromiumPath, hasChromium } from './chromium.mjs';

const results = mkdtempSync(join(tmpdir(), 'tour-test-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

/**
 * Runs steps two at a time, as this machine has two cores and each step keeps about one busy; a step's output is
 * printed whole when it ends, so that the steps' lines do not interleave. Resolves once all have ended.
 */
async function runSideBySide(steps) {
  const waiting = [...steps];
  const next = async () => {
    for (let step = waiting.shift(); step; step = waiting.shift()) {
      const [label, command, args] = step;
      const started = Date.now();
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const status = await new Promise((resolve) => child.on('close', resolve));
      console.log(`\n=== ${label}: ${command} ${args.join(' ')} (${Math.round((Date.now() - started) / 1000)} s)`);
      process.stdout.write(Buffer.concat(output));
      if (status !== 0) failedSteps.push(label);
    }
  };
  await Promise.all([next(), next()]);
}

function ensureChromium() {
  if (hasChromium()) return;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.log("Chromium is missing: installing Debian's chromium package.");
    const ok =
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' }).status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
    if (ok && hasChromium()) return;
  }
  console.error(
    `Chromium not found at ${chromiumPath()}.\nInstall Debian's package (sudo apt-get install chromium) or set CHROME_PATH to a Chromium binary. Tests never download a browser.`,
  );
  process.exit(1);
}

function addVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  // A file that failed to load ran no test but counts as one failure.
  const brokenFiles = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0);
  totals.failed += report.numFailedTests + brokenFiles.length;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

ensureChromium();
// The build first: the end-to-end tests need it, and it and the lint take longest.
await runSideBySide([
  ['build', 'npx', ['rollup', '-c', 'rollup.config.mjs', '--silent']],
  ['lint', 'npx', ['eslint', '.']],
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['format', 'npx', ['prettier', '--check', '.']],
]);
if (!existsSync('dist/api/server.js') || !existsSync('dist/embed/tour-viewer.js')) {
  console.error('The build did not produce dist/: nothing to test.');
  process.exit(1);
}

const unitFile = join(results, 'unit.json');
run('unit and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitFile}`]);
addVitest(unitFile);

/** The PostgreSQL the API tests run on a second time (test/support/postgres.ts names the same server). */
const POSTGRES = '127.0.0.1:5432';

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: `postgres://postgres@${POSTGRES}/postgres`, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

// The same API tests on PostgreSQL, each file in a database of its own; REQUIRE_SERVICES=1 (CI) makes a missing
// server a failure instead of a skip.
if (await postgresAnswers()) {
  const postgresFile = join(results, 'api-postgres.json');
  run('API tests on PostgreSQL', 'npx', ['vitest', 'run', 'test/api', '--reporter=default', '--reporter=json', `--outputFile.json=${postgresFile}`], {
    TEST_DATABASE: 'postgres',
  });
  addVitest(postgresFile);
} else {
  console.log(`skipped: no PostgreSQL at ${POSTGRES}`);
  if (process.env.REQUIRE_SERVICES === '1') failedSteps.push('API tests on PostgreSQL (REQUIRE_SERVICES=1, no server)');
}

const wtrFile = join(results, 'browser.json');
run('browser tests', 'npx', ['web-test-runner', '--config', 'web-test-runner.config.mjs'], { WTR_COUNTS_FILE: wtrFile });
if (existsSync(wtrFile)) {
  const counts = JSON.parse(readFileSync(wtrFile, 'utf8'));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}

const e2eFile = join(results, 'e2e.json');
run('end-to-end tests', 'npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${e2eFile}`]);
addVitest(e2eFile);

if (failedSteps.length > 0) console.error(`\nFailed steps: ${failedSteps.join(', ')}`);
if (failedSteps.length > 0 && totals.failed === 0) totals.failed = failedSteps.length;
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);

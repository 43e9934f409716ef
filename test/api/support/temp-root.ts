import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMP_ROOT_VARIABLE } from './temp-root-variable';

/** vitest global set-up: test apps put their media under one folder that the run removes, so runs leave nothing in /tmp. */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'tour-api-run-'));
  // Set before vitest starts its workers, which inherit it.
  process.env[TEMP_ROOT_VARIABLE] = root;
  return () => rmSync(root, { recursive: true, force: true });
}

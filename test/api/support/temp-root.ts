import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One folder per run holding every test app's media folder, removed when the run ends. */
    tempRoot: string;
  }
}

/** vitest global set-up: test apps put their media under one folder that the run removes, so runs leave nothing in /tmp. */
export default function setup(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), 'tour-api-'));
  project.provide('tempRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchResult {
  name: string;
  /** True when every measured value is within its budget. */
  withinBudget: boolean;
  [key: string]: unknown;
}

export function writeResult(result: BenchResult): void {
  const dir = join('bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${result.name}.json`);
  writeFileSync(file, `${JSON.stringify({ ...result, measuredAt: new Date().toISOString() }, null, 2)}\n`);
  console.log(`${result.withinBudget ? 'within budget' : 'OVER BUDGET'}: ${file}`);
}

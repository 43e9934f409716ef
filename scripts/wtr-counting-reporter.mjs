// Writes how many browser tests passed and failed, for the closing line of `npm test`.
import { writeFileSync } from 'node:fs';

function count(suite, totals) {
  for (const test of suite?.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else totals.failed += 1;
  }
  for (const child of suite?.suites ?? []) count(child, totals);
  return totals;
}

export function countingReporter(file = process.env.WTR_COUNTS_FILE) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        count(session.testResults, totals);
        // A file that fails to load has no test results but must still fail the run.
        if (!session.passed && !session.testResults?.tests?.length && !session.testResults?.suites?.length) totals.failed += 1;
      }
      if (file) writeFileSync(file, JSON.stringify(totals));
    },
  };
}

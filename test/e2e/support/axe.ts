import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/**
 * axe's serious and critical findings on the page as it stands, shadow roots included. axe is evaluated through
 * the DevTools protocol, which our pages' Content-Security-Policy does not govern, so the pages keep their real one.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    type Finding = { id: string; impact: string; nodes: { target: unknown }[] };
    const { axe } = window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Finding[] }> } };
    const { violations } = await axe.run(document);
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const mounted: Root[] = [];

/** Renders into a fresh element on the page; `unmountAll` (in afterEach) takes everything away again. */
export function render(node: ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  mounted.push(root);
  root.render(node);
  return host;
}

export function unmountAll(): void {
  mounted.splice(0).forEach((root) => root.unmount());
  document.body.replaceChildren();
}

/**
 * How long a probe is polled before the test fails saying what never happened: generous for a loaded CI machine,
 * and under the runner's 30 s test timeout so that this message, not a bare timeout, is what shows.
 */
const PATIENCE_MS = 20_000;

/** Polls until `probe` gives a value: React renders and the browser loads on their own schedule. */
export async function until<T>(probe: () => T | null | undefined | false, what: string): Promise<T> {
  const giveUpAt = performance.now() + PATIENCE_MS;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() > giveUpAt) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

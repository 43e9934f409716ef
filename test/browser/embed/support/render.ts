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

/** Polls until `probe` gives a value: React renders and the browser loads on their own schedule. */
export async function until<T>(probe: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

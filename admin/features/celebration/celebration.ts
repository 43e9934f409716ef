import { proxy } from 'valtio';

/** The celebratory modal shown over the next page, e.g. the editor that opens on a freshly cloned tour. */
export const celebration = proxy<{ shown: { title: string; text: string } | null }>({ shown: null });

export function celebrate(title: string, text: string): void {
  celebration.shown = { title, text };
}

export function endCelebration(): void {
  celebration.shown = null;
}

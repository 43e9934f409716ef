import { useMemo, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The current path; the server answers every page address with this app (history fallback). */
export function usePath(): string {
  return useSyncExternalStore(subscribe, () => location.pathname);
}

export function navigate(path: string): void {
  if (path === location.pathname) return;
  history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** The current address's query, read again when it changes (Back and Forward included). */
export function useQuery(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, () => location.search);
  return useMemo(() => new URLSearchParams(search), [search]);
}

/**
 * Changes the current address's query: `push` makes a step Back returns from (a page of a list), `replace` does
 * not (each letter typed in a search). A value of null or '' removes the parameter.
 */
export function setQuery(changes: Record<string, string | null>, step: 'push' | 'replace'): void {
  const params = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(changes)) {
    if (value) params.set(name, value);
    else params.delete(name);
  }
  const query = params.toString();
  const address = `${location.pathname}${query ? `?${query}` : ''}`;
  if (step === 'push') history.pushState(null, '', address);
  else history.replaceState(null, '', address);
  for (const listener of listeners) listener();
}

import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { EN, type Catalog, type MessageKey } from './en';
import { catalogNow, errorMessage, format, loadCatalog } from './catalog';
import { directionOf, languageOf, type Language } from './language';

export interface Messages {
  language: Language;
  dir: 'ltr' | 'rtl';
  /** A text of the catalog, its `{name}` slots filled. */
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** A `tour-error`'s message in this language (its code decides; else the message as it came). */
  error(error: { code: string; message: string }): string;
  /** A number written the language's way (digits, separators). */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** A date written the language's way. */
  date(value: Date, options?: Intl.DateTimeFormatOptions): string;
}

export function messagesFor(language: Language, dir: 'ltr' | 'rtl', catalog: Catalog): Messages {
  return {
    language,
    dir,
    t: (key, values) => format(catalog, key, values),
    error: (error) => errorMessage(catalog, error),
    number: (value, options) => new Intl.NumberFormat(language, options).format(value),
    date: (value, options) => new Intl.DateTimeFormat(language, options).format(value),
  };
}

const MessagesContext = createContext<Messages>(messagesFor('en', 'ltr', EN));

export const useMessages = (): Messages => useContext(MessagesContext);

/** Changes of the element's `lang` and `dir`, or the page's `<html lang dir>`, re-render the viewer. */
function watchLanguage(host: Element, changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(host, { attributes: true, attributeFilter: ['lang', 'dir'] });
  observer.observe(host.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'] });
  return () => observer.disconnect();
}

/** The viewer's language as the element and its page ask, with its catalog once loaded (English meanwhile). */
export function useViewerLanguage(host: Element): Messages {
  const language = useSyncExternalStore(
    (changed) => watchLanguage(host, changed),
    () => languageOf(host),
  );
  const dir = useSyncExternalStore(
    (changed) => watchLanguage(host, changed),
    () => directionOf(host, language),
  );
  // The loaded catalog is kept by loadCatalog; this state only re-renders once it is there.
  const [, arrived] = useState<Catalog>();
  useEffect(() => {
    if (catalogNow(language)) return;
    let current = true;
    void loadCatalog(language).then((catalog) => current && arrived(catalog));
    return () => void (current = false);
  }, [language]);
  const catalog = catalogNow(language) ?? EN;
  return useMemo(() => messagesFor(language, dir, catalog), [language, dir, catalog]);
}

export function MessagesProvider({ messages, children }: { messages: Messages; children: ReactNode }) {
  return <MessagesContext.Provider value={messages}>{children}</MessagesContext.Provider>;
}

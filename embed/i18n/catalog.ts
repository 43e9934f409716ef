import { EN, type Catalog, type MessageKey } from './en';
import type { Language } from './language';

// One chunk per language: a page only ever downloads the one its viewers speak.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalog }>> = {
  es: () => import('./catalogs/es'),
  fr: () => import('./catalogs/fr'),
  de: () => import('./catalogs/de'),
  pt: () => import('./catalogs/pt'),
  ar: () => import('./catalogs/ar'),
};

const loaded = new Map<Language, Catalog>([['en', EN]]);

/** The catalog if it is already here (English always is). */
export const catalogNow = (language: Language): Catalog | undefined => loaded.get(language);

/** The catalog, loading its chunk the first time; English if the chunk cannot be had (offline). */
export async function loadCatalog(language: Language): Promise<Catalog> {
  const ready = loaded.get(language);
  if (ready || language === 'en') return ready ?? EN;
  try {
    const catalog = (await LOADERS[language]()).default;
    loaded.set(language, catalog);
    return catalog;
  } catch {
    return EN;
  }
}

/** A catalog's text with its `{name}` slots filled (as plain text: the caller renders it as text). */
export function format(catalog: Catalog, key: MessageKey, values: Record<string, string | number> = {}): string {
  // A later part's English text is there once its module (en-parts) is imported; a part that forgot the import
  // shows the key, where a test sees it, rather than throwing in the host page.
  return (catalog[key] ?? key).replace(/\{(\w+)\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));
}

/**
 * A `tour-error`'s message in the viewer's language: its `code` stays as it is (pages act on codes), the text is
 * the catalog's for that code, else the message as it came (a server's English words).
 */
export function errorMessage(catalog: Catalog, error: { code: string; message: string }): string {
  const key = `error.${error.code}`;
  return key in catalog ? catalog[key as MessageKey] : error.message;
}

/** The languages the viewer speaks; English is built in, the others are loaded when a viewer needs them. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar']);

/** The language a BCP 47 tag (`pt-BR`, `AR`) asks for, if the viewer speaks it. */
export function supportedLanguage(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().split(/[-_]/)[0].toLowerCase();
  return LANGUAGES.find((language) => language === base);
}

/** The element's `lang` attribute, else the page's `<html lang>`, else English. */
export function languageOf(host: Element): Language {
  return supportedLanguage(host.getAttribute('lang')) ?? supportedLanguage(host.ownerDocument.documentElement.lang) ?? 'en';
}

/** The viewer mirrors for a right-to-left language, and on a right-to-left page (`dir` around the element). */
export function directionOf(host: Element, language: Language): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(language) || onRightToLeftPage(host) ? 'rtl' : 'ltr';
}

function onRightToLeftPage(host: Element): boolean {
  try {
    return host.matches(':dir(rtl)');
  } catch {
    // Browsers before :dir() (Chrome 119, Safari 16.3): the nearest dir attribute says it.
    return (host.closest('[dir]') as HTMLElement | null)?.dir.toLowerCase() === 'rtl';
  }
}

import { isRightToLeft, supportedLanguage, type Language } from '../../api/schema/languages';

export type { Language } from '../../api/schema/languages';

/** The element's `lang` attribute, else the page's `<html lang>`, else English. */
export function languageOf(host: Element): Language {
  return supportedLanguage(host.getAttribute('lang')) ?? supportedLanguage(host.ownerDocument.documentElement.lang) ?? 'en';
}

/** The viewer mirrors for a right-to-left language, and on a right-to-left page (`dir` around the element). */
export function directionOf(host: Element, language: Language): 'ltr' | 'rtl' {
  return isRightToLeft(language) || onRightToLeftPage(host) ? 'rtl' : 'ltr';
}

function onRightToLeftPage(host: Element): boolean {
  try {
    return host.matches(':dir(rtl)');
  } catch {
    // Browsers before :dir() (Chrome 119, Safari 16.3): the nearest dir attribute says it.
    return (host.closest('[dir]') as HTMLElement | null)?.dir.toLowerCase() === 'rtl';
  }
}

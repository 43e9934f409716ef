/**
 * The languages the viewer speaks, shared by the viewer (its catalogs) and the tour page (which picks one from the
 * visitor's Accept-Language). Zod-free, so the viewer's script may import it.
 */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar']);

export const isRightToLeft = (language: Language): boolean => RIGHT_TO_LEFT.has(language);

/** The language a BCP 47 tag (`pt-BR`, `AR`) asks for, if the viewer speaks it. */
export function supportedLanguage(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().split(/[-_]/)[0].toLowerCase();
  return LANGUAGES.find((language) => language === base);
}

/**
 * The language of an Accept-Language header the viewer speaks best: highest quality first (ties in the order
 * given), `q=0` refused; English when none fits.
 */
export function negotiatedLanguage(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { language: supportedLanguage(tag), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.language && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.language ?? 'en';
}

import { describe, expect, it } from 'vitest';
import { errorMessage, format, loadCatalog } from '../../../../embed/i18n/catalog';
import { EN } from '../../../../embed/i18n/en';
// The texts of the later parts join the English catalog here, so every key is checked.
import { EN_PARTS } from '../../../../embed/i18n/en-parts';
import { LANGUAGES, negotiatedLanguage, supportedLanguage } from '../../../../api/schema/languages';

const slots = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the viewer's message catalogs", () => {
  it("English has the later parts' texts once their module is imported", () => {
    expect(EN).toMatchObject(EN_PARTS);
  });

  for (const language of LANGUAGES.filter((language) => language !== 'en')) {
    it(`${language} translates every English text, with the same slots, and nothing else`, async () => {
      const catalog = await loadCatalog(language);
      expect(catalog).not.toBe(EN);
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(EN).sort());
      for (const [key, english] of Object.entries(EN)) {
        const text = catalog[key as keyof typeof EN];
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        expect(slots(text), `${language} ${key}`).toEqual(slots(english));
      }
    });
  }

  it('fill slots as text and leave unknown ones showing', () => {
    expect(format(EN, 'sceneKept', { title: '<b>Kitchen</b>' })).toBe('You are still in “<b>Kitchen</b>”.');
    expect(format(EN, 'goTo', {})).toBe('Go to {place}');
  });

  it("translate a tour-error by its code, and keep a server's message for codes they do not know", async () => {
    const french = await loadCatalog('fr');
    expect(errorMessage(french, { code: 'TourNotFound', message: 'No tour with this id.' })).toBe(french['error.TourNotFound']);
    expect(errorMessage(french, { code: 'RateLimited', message: 'Too many requests.' })).toBe('Too many requests.');
  });
});

describe('the language a tag asks for', () => {
  it('is its primary subtag when the viewer speaks it, else none', () => {
    expect(supportedLanguage('pt-BR')).toBe('pt');
    expect(supportedLanguage(' AR ')).toBe('ar');
    expect(supportedLanguage('de_CH')).toBe('de');
    expect(supportedLanguage('nl')).toBeUndefined();
    expect(supportedLanguage('')).toBeUndefined();
    expect(supportedLanguage(null)).toBeUndefined();
  });
});

describe("the tour page's language from Accept-Language", () => {
  it('is the best-rated language the viewer speaks, else English', () => {
    expect(negotiatedLanguage('nl-NL, fr-CA;q=0.8, de;q=0.9')).toBe('de');
    expect(negotiatedLanguage('ar;q=0.5, es;q=0.5')).toBe('ar');
    expect(negotiatedLanguage('es;q=0, pt-BR;q=0.1')).toBe('pt');
    expect(negotiatedLanguage('nl, ja')).toBe('en');
    expect(negotiatedLanguage('*')).toBe('en');
    expect(negotiatedLanguage(undefined)).toBe('en');
  });
});

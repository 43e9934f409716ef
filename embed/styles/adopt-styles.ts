/** One sheet per CSS text, shared by every viewer on the page (a constructed sheet may be adopted by many roots). */
const sheets = new Map<string, CSSStyleSheet>();

function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * Adds the styles to the root as constructed stylesheets, after the ones it has (later ones win at equal
 * specificity) and once each. Unlike `<style>` elements they pass a partner page's Content-Security-Policy without
 * `'unsafe-inline'`. Throws where the browser cannot construct stylesheets.
 */
export function adoptStyles(root: ShadowRoot | Document, ...cssTexts: string[]): void {
  const adopted = root.adoptedStyleSheets;
  const added = cssTexts.map(sheetFor).filter((sheet) => !adopted.includes(sheet));
  if (added.length > 0) root.adoptedStyleSheets = [...adopted, ...added];
}

// Script in the forms an attacker types into a text, each breaking out of another context: element content, a
// <script> holding JSON, and a quoted attribute. Whichever ever runs sets window.__xss and opens a dialog.
export const IMG_PAYLOAD = '<img src=x onerror=window.__xss=1;alert(1)>';
export const SCRIPT_PAYLOAD = '</script><script>window.__xss=2;alert(2)</script>';
export const ATTRIBUTE_PAYLOAD = '"><svg onload=window.__xss=3;alert(3)>';

/** A text holding every payload after `field`, which tells in a failure which text got through. */
export function hostile(field: string): string {
  return `${field} ${IMG_PAYLOAD} ${SCRIPT_PAYLOAD} ${ATTRIBUTE_PAYLOAD}`;
}

/**
 * Settles once a broken picture made now has failed: an injected `<img src=x>`, made earlier, has failed and run its
 * handler by then. Self-contained, so that playwright can run it in a page.
 */
export function brokenPictureSettled(): Promise<unknown> {
  return new Promise((done) => Object.assign(new Image(), { onerror: done, src: `x?canary=${Math.random()}` }));
}

/** What a payload that ran left behind (undefined when none ran). */
export function scriptRan(): unknown {
  return (window as unknown as { __xss?: unknown }).__xss;
}

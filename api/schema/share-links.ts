/** Camera and microphone are allowed so that the live video chat works inside the iframe. */
const IFRAME_ALLOW = 'fullscreen; xr-spatial-tracking; gyroscope; accelerometer; camera; microphone; display-capture';

/**
 * What an owner hands out for a tour on the server at `origin`: the public page's link, the iframe code, the
 * script-tag code and the social buttons' addresses, in listing-compliant mode when asked. Shared by
 * the viewer's and the admin's share modals.
 */
export function shareLinks(origin: string, shortId: string, listingMode: boolean, title = 'Virtual tour') {
  const link = `${origin}/tours/${encodeURIComponent(shortId)}${listingMode ? '?mls=1' : ''}`;
  return {
    link,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
    twitter: `https://twitter.com/intent/tweet?url=${encodeURIComponent(link)}&text=${encodeURIComponent(title)}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(link)}`,
    iframe: iframeCode(link, title),
    // The stylesheet first: render-blocking, it gives the element its size before the script arrives (no layout shift).
    script: `<link rel="stylesheet" href="${origin}/embed/tour-viewer.css">\n<script type="module" src="${origin}/embed/tour-viewer.js"></script>\n<tour-viewer short-id="${shortId}"${listingMode ? ' mls="1"' : ''}></tour-viewer>`,
  };
}

/**
 * The iframe of a tour page: titled for screen readers, loaded when scrolled near, and as wide as its column at the
 * viewer's 16:9; or, given a size, that size in `width` and `height` attributes (oEmbed consumers such as WordPress
 * strip `style`).
 */
export function iframeCode(link: string, title: string, size?: { width: number; height: number }): string {
  // frameborder too: it takes the default border off where style attributes are stripped.
  const sized = size ? `width="${size.width}" height="${size.height}" frameborder="0" style="border:0"` : 'style="width:100%;aspect-ratio:16/9;border:0"';
  return `<iframe src="${link}" title="${attributeText(title)}" loading="lazy" ${sized} allowfullscreen allow="${IFRAME_ALLOW}"></iframe>`;
}

/** One kept build of the viewer, as `/embed/versions.json` lists it. */
export interface PinnedViewer {
  version: string;
  integrity: string;
}

/**
 * The script-tag code pinned to one build of the viewer: the page keeps running that build whatever the server
 * deploys later, and the browser refuses a script whose bytes are not the ones named (Subresource Integrity).
 */
export function pinnedScript(origin: string, shortId: string, listingMode: boolean, { version, integrity }: PinnedViewer): string {
  const base = `${origin}/embed/v/${version}`;
  return (
    `<link rel="stylesheet" href="${base}/tour-viewer.css">\n` +
    `<script type="module" src="${base}/tour-viewer.js" integrity="${integrity}" crossorigin="anonymous"></script>\n` +
    `<tour-viewer short-id="${shortId}"${listingMode ? ' mls="1"' : ''}></tour-viewer>`
  );
}

/** The owner's title is text: inside an attribute its quotes and brackets are written as references. */
function attributeText(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

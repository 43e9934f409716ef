import { shareLinks } from '../../api/schema/share-links';
import { tourTitle } from '../../api/schema/tour-title';

/** How long a share dialog says "text copied" after a copy. */
export const COPIED_SHOWN_MS = 3000;

/** What a share dialog offers for a tour on the server at `origin`, named by its title (else its name). */
export function tourShareLinks(origin: string, tour: { shortId: string; title?: string | null; name?: string | null }, listingMode: boolean) {
  return shareLinks(origin, tour.shortId, listingMode, tourTitle(tour) || undefined);
}

/**
 * The share dialogs' copy: puts the text on the clipboard where the browser lets it (the field stays there to copy
 * by hand), then says so through `shown` for COPIED_SHOWN_MS; a newer copy starts the wait again.
 */
export function createCopier(shown: (copied: boolean) => void): (text: string) => Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return async (text) => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    shown(true);
    clearTimeout(timer);
    timer = setTimeout(() => shown(false), COPIED_SHOWN_MS);
  };
}

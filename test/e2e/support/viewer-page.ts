import type { Locator, Page } from 'playwright-core';

/** Collects the viewer's DOM events on the partner page, as a partner's script would see them. */
export const RECORD_EVENTS = `<script>
  window.viewerEvents = [];
  for (const type of ['tour-load', 'scene-change', 'tour-error', 'lead-submit']) {
    document.addEventListener(type, (event) => window.viewerEvents.push({
      type, detail: event.detail, target: event.target.id || event.target.tagName.toLowerCase(),
    }));
  }
</script>`;

export interface RecordedEvent {
  type: string;
  detail: Record<string, unknown>;
  target: string;
}

export function recordedEvents(page: Page): Promise<RecordedEvent[]> {
  return page.evaluate(() => (window as unknown as { viewerEvents: RecordedEvent[] }).viewerEvents);
}

export async function waitForEvent(page: Page, type: string, target?: string): Promise<RecordedEvent> {
  const handle = await page.waitForFunction(
    ([eventType, eventTarget]) =>
      (window as unknown as { viewerEvents: RecordedEvent[] }).viewerEvents.find(
        (event) => event.type === eventType && (!eventTarget || event.target === eventTarget),
      ),
    [type, target] as const,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as RecordedEvent;
}

/** The panorama canvas inside a viewer's shadow root (playwright's CSS locators pierce open shadow roots). */
export function panoramaCanvas(viewer: Locator): Locator {
  return viewer.locator('.tv-panorama canvas');
}

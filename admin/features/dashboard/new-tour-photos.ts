/**
 * Photos chosen on the dashboard for a new tour (create flow: the tour is created, its editor opens,
 * then the chosen images are uploaded there). Handed over in memory: the editor is the next page of this app.
 */
const chosen = new Map<string, File[]>();

export function handOverPhotos(shortId: string, files: File[]): void {
  chosen.set(shortId, files);
}

/** The photos chosen for this tour, once: a later visit to its editor uploads nothing again. */
export function takeChosenPhotos(shortId: string): File[] {
  const files = chosen.get(shortId) ?? [];
  chosen.delete(shortId);
  return files;
}
